import { DomainError } from '@pc/platform';
import { SourceHostError, type SourceHostErrorKind } from '@pc/source-host';
import { isTransientSourceHostError, sourceHostFailure } from './source-host.failure';

const failure = (kind: SourceHostErrorKind, retryAfterSeconds?: number): DomainError =>
  sourceHostFailure(new SourceHostError(kind, `${kind} happened`, { retryAfterSeconds })) as DomainError;

describe('source host failures as domain errors', () => {
  it.each(['unreachable', 'timeout', 'rate_limited', 'upstream_error', 'unauthorized'] as const)(
    'maps %s to UPSTREAM_UNAVAILABLE and calls it transient',
    (kind) => {
      expect(failure(kind).code).toBe('UPSTREAM_UNAVAILABLE');
      expect(isTransientSourceHostError(new SourceHostError(kind, 'x'))).toBe(true);
    },
  );

  it('keeps how long a rate-limiting host asked to wait (60 s when it did not say)', () => {
    expect(failure('rate_limited', 42).retryAfter).toBe(42);
    expect(failure('rate_limited').retryAfter).toBe(60);
    expect(failure('timeout').retryAfter).toBeUndefined();
  });

  it.each(['not_found', 'private'] as const)('maps %s to CATALOG.REPOSITORY_GONE', (kind) => {
    expect(failure(kind).code).toBe('CATALOG.REPOSITORY_GONE');
    expect(isTransientSourceHostError(new SourceHostError(kind, 'x'))).toBe(false);
  });

  it.each(['invalid_url', 'not_allowed_host', 'ref_not_found', 'path_not_found', 'too_large'] as const)(
    'maps %s to UNPROCESSABLE',
    (kind) => expect(failure(kind).code).toBe('UNPROCESSABLE'),
  );

  it('returns anything else unchanged', () => {
    const error = new Error('database down');
    expect(sourceHostFailure(error)).toBe(error);
  });
});
