import { type AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { type DomainError, loadEnv } from '@pc/platform';
import { SourceHostError, type SourceHostErrorKind } from '@pc/source-host';
import { ListingServiceEnv } from './listing-service.env';
import { isTransientSourceHostError, sourceHostFailure, sourceHostFrom } from './source-host';

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

describe("the service's source host adapter with OUTBOUND_TIMEOUT_MS", () => {
  let server: Server;
  let host: string;
  beforeAll(async () => {
    // A source host that answers every request after 1.5 s.
    server = createServer((_req, res) => {
      setTimeout(() => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ default_branch: 'main', private: false }));
      }, 1500);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('gives up on each attempt after OUTBOUND_TIMEOUT_MS when it is stricter than SOURCE_HOST_TIMEOUT_MS', async () => {
    const env = loadEnv(ListingServiceEnv, {
      SOURCE_HOST_WEB_URL: `http://${host}/source-host`,
      SOURCE_HOST_API_URL: `http://${host}/source-host/api`,
      SOURCE_HOST_TIMEOUT_MS: '10000',
      OUTBOUND_ALLOWLIST: host,
      OUTBOUND_TIMEOUT_MS: '200',
    });
    const started = Date.now();
    const failure = await sourceHostFrom(env)
      .getRepository({ owner: 'acme', name: 'slow' })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    const elapsed = Date.now() - started;
    // Three attempts of 200 ms and their backoff: well before the host's first answer.
    expect({ kind: (failure as SourceHostError | undefined)?.kind, fast: elapsed < 1400 }).toEqual({
      kind: 'timeout',
      fast: true,
    });
  });
});
