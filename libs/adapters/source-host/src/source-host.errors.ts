import { AdapterError } from '@pc/outbound';

/**
 * Every way a source host call can fail, as data the caller can switch on.
 * - `invalid_url`: not a repository URL of the shape `<web>/<owner>/<repo>[.git][/tree/<ref>/<path>]`.
 * - `not_allowed_host`: a URL of another host, or a host that resolves to a refused address.
 * - `not_found`: the repository does not exist (any more).
 * - `private`: the repository exists but is private and the configured credentials cannot read it.
 * - `private_refused`: the token could read the private repository, but the adapter was told to read public
 *   repositories only (`privateRepositories: 'refuse'`).
 * - `ref_not_found` / `path_not_found`: the repository exists, the branch, tag or commit (or the file) does not.
 * - `rate_limited`: the host refuses more calls for now; `retryAfterSeconds` says for how long when known.
 * - `unauthorized`: the configured token was rejected.
 * - `unreachable` / `timeout`: no answer (connection refused, DNS failure) or no answer in time.
 * - `too_large`: the content exceeds the configured limits.
 * - `upstream_error`: anything else the host answered (5xx, malformed bodies).
 */
export type SourceHostErrorKind =
  | 'invalid_url'
  | 'not_allowed_host'
  | 'not_found'
  | 'private'
  | 'private_refused'
  | 'ref_not_found'
  | 'path_not_found'
  | 'rate_limited'
  | 'unauthorized'
  | 'unreachable'
  | 'timeout'
  | 'too_large'
  | 'upstream_error';

export class SourceHostError extends AdapterError<SourceHostErrorKind> {
  override readonly name = 'SourceHostError';
}

export function isSourceHostError(error: unknown, kind?: SourceHostErrorKind): error is SourceHostError {
  return error instanceof SourceHostError && (kind === undefined || error.kind === kind);
}
