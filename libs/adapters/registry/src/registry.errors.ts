import { AdapterError } from '@pc/outbound';

/**
 * Every way a registry call can fail.
 * - `unauthorized`: no valid token (after one refresh). `forbidden`: the token may not touch this group.
 * - `not_found`: no such asset or version. `conflict`: the version is already published.
 * - `invalid_request`: the registry refused the input (bad version, classifier, files).
 * - `rate_limited` (with `retryAfterSeconds`), `timeout`, `unreachable`, `upstream_error`.
 */
export type RegistryErrorKind =
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'invalid_request'
  | 'rate_limited'
  | 'timeout'
  | 'unreachable'
  | 'upstream_error';

export class RegistryError extends AdapterError<RegistryErrorKind> {
  override readonly name = 'RegistryError';
}

export function isRegistryError(error: unknown, kind?: RegistryErrorKind): error is RegistryError {
  return error instanceof RegistryError && (kind === undefined || error.kind === kind);
}
