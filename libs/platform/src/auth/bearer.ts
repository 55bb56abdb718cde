import { isWellFormedAccessToken } from './token-format';

/** What an `Authorization` header holds, read the same way at every edge (gateway, tool server). */
export type BearerCredential =
  { kind: 'none' } | { kind: 'invalid'; message: string } | { kind: 'token'; token: string };

/**
 * `Bearer <token>` with a well-formed personal access token (its checksum is checked here, so a
 * mistyped or made-up token never reaches identity); anything else is invalid.
 */
export function readBearer(header: string | undefined): BearerCredential {
  if (header === undefined) return { kind: 'none' };
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) return { kind: 'invalid', message: 'The Authorization header must be "Bearer <token>"' };
  if (!isWellFormedAccessToken(match[1]))
    return { kind: 'invalid', message: 'The access token is invalid, expired or revoked' };
  return { kind: 'token', token: match[1] };
}
