import { DomainError } from '@pc/platform';
import { isSourceHostError, type SourceHostError, type SourceHostErrorKind } from '@pc/source-host';

/** Failures that say nothing about the repository: the host could not answer (now). */
const TRANSIENT: ReadonlySet<SourceHostErrorKind> = new Set([
  'unreachable',
  'timeout',
  'rate_limited',
  'upstream_error',
  'unauthorized',
]);

/** True when the source host could not answer, so nothing can be concluded about the repository. */
export function isTransientSourceHostError(error: unknown): error is SourceHostError {
  return isSourceHostError(error) && TRANSIENT.has(error.kind);
}

/**
 * The domain error a user should see when a source host call fails: 502 UPSTREAM_UNAVAILABLE (with
 * Retry-After when the host said how long) when the host could not answer; 404 CATALOG.REPOSITORY_GONE
 * when the repository no longer exists or turned private; 422 when the stored URL, ref or content cannot
 * be used. Anything that is not a source host error is returned unchanged, to be rethrown.
 */
export function sourceHostFailure(error: unknown): Error {
  if (!isSourceHostError(error)) return error instanceof Error ? error : new Error(String(error));
  switch (error.kind) {
    case 'unreachable':
    case 'timeout':
    case 'rate_limited':
    case 'upstream_error':
    case 'unauthorized':
      return new DomainError(
        'UPSTREAM_UNAVAILABLE',
        error.kind === 'rate_limited'
          ? 'The source host is rate limiting requests; try again later'
          : 'The source host could not be read; try again later',
        undefined,
        error.kind === 'rate_limited' ? (error.retryAfterSeconds ?? 60) : undefined,
      );
    case 'not_found':
    case 'private':
      return new DomainError(
        'CATALOG.REPOSITORY_GONE',
        'The source repository no longer exists or is private',
      );
    case 'invalid_url':
    case 'not_allowed_host':
    case 'ref_not_found':
    case 'path_not_found':
    case 'too_large':
      return new DomainError('UNPROCESSABLE', `The source repository cannot be read: ${error.message}`);
  }
}
