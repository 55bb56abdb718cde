import { CatalogRpc, type RpcDescriptor, RulesetsRpc } from '@pc/contracts';
import { DomainError } from '@pc/platform';
import { gatewayUnderTest } from '../testing/gateway-under-test';

type Response = { description?: string; headers?: Record<string, unknown> };
type Document = { paths: Record<string, Record<string, { responses: Record<string, Response> }>> };

const ID = '7d4f3b0e-1c2a-4b5c-8d9e-0f1a2b3c4d5e';

/**
 * What the catalog and rulesets services throw when the source host rate limits them (`upstreamUnavailable`
 * in libs/listings): 502 with the seconds the host asked for.
 */
const sourceHostRateLimited = (): never => {
  throw new DomainError(
    'UPSTREAM_UNAVAILABLE',
    'The source host is rate limiting requests; try again later',
    undefined,
    60,
  );
};

/** The routes that read the source host, each with a request the gateway's validation lets through. */
const SOURCE_HOST_ROUTES: ReadonlyArray<{
  method: string;
  path: string;
  url: string;
  descriptor: RpcDescriptor<never, unknown>;
  body?: unknown;
  admin?: boolean;
}> = [
  {
    method: 'get',
    path: '/api/policies/{id}/branches',
    url: `/api/policies/${ID}/branches`,
    descriptor: CatalogRpc.getBranches as RpcDescriptor<never, unknown>,
  },
  {
    method: 'get',
    path: '/api/policies/{id}/changes-since-review',
    url: `/api/policies/${ID}/changes-since-review`,
    descriptor: CatalogRpc.getChangesSinceReview as RpcDescriptor<never, unknown>,
  },
  {
    method: 'post',
    path: '/api/submissions/validate',
    url: '/api/submissions/validate',
    descriptor: CatalogRpc.validateSubmission as RpcDescriptor<never, unknown>,
    body: { sourceHostUrl: 'https://source-host.test/acme/header-policy' },
  },
  {
    method: 'post',
    path: '/api/ruleset-submissions/validate',
    url: '/api/ruleset-submissions/validate',
    descriptor: RulesetsRpc.validate as RpcDescriptor<never, unknown>,
    body: { repoUrl: 'https://source-host.test/acme/api-rules' },
  },
  {
    method: 'post',
    path: '/api/rulesets/{id}/pin',
    url: `/api/rulesets/${ID}/pin`,
    descriptor: RulesetsRpc.pin as RpcDescriptor<never, unknown>,
    body: {},
    admin: true,
  },
];

/**
 * A 502 or 503 that says when to try again carries Retry-After, and the document declares that header
 * on the response (clients and generated SDKs read the headers a response declares): the source host's
 * rate limit (502), and a service that is unavailable, busy or stopping (503, on every operation).
 */
describe('Retry-After on 502 and 503 answers, as the document declares it', () => {
  const gateway = gatewayUnderTest(SOURCE_HOST_ROUTES.map((r) => r.descriptor));
  let document: Document;

  beforeAll(async () => {
    for (const route of SOURCE_HOST_ROUTES) gateway.reply(route.descriptor, sourceHostRateLimited);
    document = (await (await fetch(`${gateway.url}/api/openapi.json`)).json()) as Document;
  });

  const declared = (method: string, path: string, status: number) =>
    Object.keys(document.paths[path][method].responses[String(status)]?.headers ?? {});

  it.each(SOURCE_HOST_ROUTES.map((route) => [`${route.method.toUpperCase()} ${route.path}`, route] as const))(
    'declares the Retry-After of a rate-limited source host on %s (502)',
    async (_name, route) => {
      const user = gateway.user(route.admin ?? false);
      const res = await gateway.fetch(route.method.toUpperCase(), route.url, {
        token: user.token,
        body: route.body,
      });
      expect({ status: res.status, retryAfter: res.headers.get('retry-after') }).toEqual({
        status: 502,
        retryAfter: '60',
      });
      expect(declared(route.method, route.path, 502)).toContain('Retry-After');
    },
  );

  it('declares Retry-After on every 502 that says the source host failed', () => {
    const missing: string[] = [];
    let found = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const response = op.responses?.['502'];
        if (!response?.description?.startsWith('The source host')) continue;
        found++;
        if (!response.headers?.['Retry-After']) missing.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(missing).toEqual([]);
    expect(found).toBeGreaterThanOrEqual(17);
  });

  it('declares the Retry-After of a 503 from a service nobody answers, on every operation', async () => {
    const user = gateway.user();
    // Nothing answers the deployments service's messages here: the bus says it is unavailable.
    const res = await gateway.fetch('GET', `/api/deployments/${ID}`, { token: user.token });
    expect({ status: res.status, retryAfter: res.headers.get('retry-after') }).toEqual({
      status: 503,
      retryAfter: '5',
    });
    const missing: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      if (path.startsWith('/health/')) continue; // the probes' 503 is an answer, not a refusal to retry
      for (const [method, op] of Object.entries(item)) {
        if (!op.responses?.['503']?.headers?.['Retry-After']) missing.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
