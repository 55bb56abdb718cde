import type { DomainError } from '@pc/platform';
import { SourceHostError, type SourceHostErrorKind } from '@pc/source-host';
import { isTransientSourceHostError, sourceHostFailure } from './source-host';

describe.each([
  { assetType: 'policy', repositoryGone: 'CATALOG.REPOSITORY_GONE' },
  { assetType: 'ruleset', repositoryGone: 'RULESETS.REPOSITORY_GONE' },
] as const)('source host failures as domain errors, for a $assetType', (kind) => {
  const failure = (errorKind: SourceHostErrorKind, retryAfterSeconds?: number): DomainError =>
    sourceHostFailure(
      kind,
      new SourceHostError(errorKind, `${errorKind} happened`, { retryAfterSeconds }),
    ) as DomainError;

  it.each(['unreachable', 'timeout', 'rate_limited', 'upstream_error', 'unauthorized'] as const)(
    'maps %s to UPSTREAM_UNAVAILABLE and calls it transient',
    (errorKind) => {
      expect(failure(errorKind).code).toBe('UPSTREAM_UNAVAILABLE');
      expect(isTransientSourceHostError(new SourceHostError(errorKind, 'x'))).toBe(true);
    },
  );

  it('keeps how long a rate-limiting host asked to wait (60 s when it did not say)', () => {
    expect(failure('rate_limited', 42).retryAfter).toBe(42);
    expect(failure('rate_limited').retryAfter).toBe(60);
    expect(failure('timeout').retryAfter).toBeUndefined();
  });

  it.each(['not_found', 'private'] as const)(`maps %s to ${kind.repositoryGone}`, (errorKind) => {
    expect(failure(errorKind).code).toBe(kind.repositoryGone);
    expect(isTransientSourceHostError(new SourceHostError(errorKind, 'x'))).toBe(false);
  });

  it(`maps private_refused to ${kind.repositoryGone}, saying the repository is private and read no more`, () => {
    const refused = failure('private_refused');
    expect(refused.code).toBe(kind.repositoryGone);
    expect(refused.message).toBe(
      `The ${kind.assetType} repository is private, and this catalog reads public repositories only`,
    );
    expect(isTransientSourceHostError(new SourceHostError('private_refused', 'x'))).toBe(false);
  });

  it.each(['invalid_url', 'not_allowed_host', 'ref_not_found', 'path_not_found', 'too_large'] as const)(
    'maps %s to UNPROCESSABLE',
    (errorKind) => expect(failure(errorKind).code).toBe('UNPROCESSABLE'),
  );

  it('returns anything else unchanged', () => {
    const error = new Error('database down');
    expect(sourceHostFailure(kind, error)).toBe(error);
  });
});
