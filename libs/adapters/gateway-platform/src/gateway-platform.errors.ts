import { AdapterError } from '@pc/outbound';

/**
 * Every way a platform call can fail.
 * - `invalid_credentials`: the token endpoint refused the client id / secret.
 * - `unauthorized`: a fresh token was still refused. `forbidden`: the credential may not act on the organization.
 * - `not_found`: no such organization (or nothing applied there). `asset_not_found`: the applied asset is not in the registry.
 * - `invalid_request`: the platform refused the input. `invalid_url` / `not_allowed_host`: a bad or refused custom domain.
 * - `rate_limited` (with `retryAfterSeconds`), `timeout`, `unreachable`, `upstream_error`.
 */
export type PlatformErrorKind =
  | 'invalid_credentials'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'asset_not_found'
  | 'invalid_request'
  | 'invalid_url'
  | 'not_allowed_host'
  | 'rate_limited'
  | 'timeout'
  | 'unreachable'
  | 'upstream_error';

export class PlatformError extends AdapterError<PlatformErrorKind> {
  override readonly name = 'PlatformError';
}

export function isPlatformError(error: unknown, kind?: PlatformErrorKind): error is PlatformError {
  return error instanceof PlatformError && (kind === undefined || error.kind === kind);
}

/**
 * An answer of the platform larger than this service reads (a bound of `@pc/contracts`, e.g. an
 * organization tree deeper than `CONNECTION_LIMITS.orgDepthMax`): an `upstream_error` whose message is
 * ours, names the limit and holds nothing the platform wrote, so it may be shown to the user as it is.
 */
export class PlatformLimitError extends PlatformError {
  constructor(message: string) {
    super('upstream_error', message);
  }
}
