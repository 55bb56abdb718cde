import type { TokenRecord } from '@pc/contracts';
import type { AccessTokenRow } from './tokens.repository';

export function toTokenRecord(token: AccessTokenRow): TokenRecord {
  return {
    id: token.id,
    name: token.name,
    token_prefix: token.token_prefix,
    scopes: token.scopes,
    expires_at: token.expires_at?.toISOString() ?? null,
    last_used_at: token.last_used_at?.toISOString() ?? null,
    revoked_at: token.revoked_at?.toISOString() ?? null,
    created_at: token.created_at.toISOString(),
  };
}
