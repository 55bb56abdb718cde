import { CatalogRpc } from '@pc/contracts';
import { type BusConfig } from '@pc/platform';
import { cookieFrom, createTestDatabase, HttpClient, type TestDatabase, testBus } from '@pc/testing';
import { type RunningSystem, startSystem } from './system';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Anything that looks like an internal bus subject (`catalog.policy.list.v1`). */
const SUBJECT = /\b[a-z]+\.[a-z-]+\.[a-z.-]+\.v\d+\b/;

describe.each(['nats', 'in-process'] as const)('the HTTP edge over the %s bus', (kind) => {
  let db: TestDatabase;
  let bus: BusConfig;
  let system: RunningSystem;
  let http: HttpClient;

  beforeAll(async () => {
    db = await createTestDatabase();
    bus = testBus(kind);
    system = await startSystem({ bus, databaseUrl: db.url, gatewayPort: 0 });
    http = new HttpClient(system.url!);
  });

  afterAll(async () => {
    await system?.close();
    await db?.drop();
  });

  async function signedIn(): Promise<string> {
    const res = await http.post('/api/auth/signup', {
      email: `edge-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
      password: 'password123',
      name: 'Edge',
    });
    expect(res.status).toBe(201);
    return cookieFrom(res, 'sb-access-token')!;
  }

  it('marks a new token, the profile and errors as not to be stored, a public anonymous read as revalidated, and every /api answer as not to be sniffed', async () => {
    const cookie = await signedIn();
    const token = await http.post('/api/tokens', { name: 't', scopes: ['api:read'] }, { cookie });
    expect(token.status).toBe(201);
    const me = await http.get('/api/me', { cookie });
    const policies = await http.get('/api/policies');
    const missing = await http.get('/api/policies/00000000-0000-4000-8000-000000000000');
    const unauthenticated = await http.get('/api/me');
    for (const res of [token, me, missing, unauthenticated]) {
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    // Public and anonymous: a cache may keep it but must revalidate it (its ETag) before each use.
    expect(policies.headers.get('cache-control')).toBe('no-cache');
    expect(policies.headers.get('etag')).toMatch(/^"[^"]+"$/);
    for (const res of [token, me, policies, missing, unauthenticated]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('serves the API docs page with framing refused', async () => {
    const res = await http.get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('says that a body is not UTF-8 when it is not (400)', async () => {
    const latin1 = Buffer.from(
      '{"email":"j\xe9r\xf4me@example.com","password":"password123","name":"J"}',
      'latin1',
    );
    const res = await fetch(`${system.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: latin1,
    });
    const body = (await res.json()) as Json;
    expect(res.status).toBe(400);
    expect(body.message).toMatch(/not valid UTF-8/);
  });
});

describe.each(['nats', 'in-process'] as const)('bus failures at the edge over the %s bus', (kind) => {
  let gateway: RunningSystem;
  let http: HttpClient;
  let bus: BusConfig;

  beforeAll(async () => {
    const db = await createTestDatabase();
    // Short in-process, where the 504 test waits for it; over NATS "no responders" answers at once,
    // and a loaded machine must not turn that into a time-out.
    bus = testBus(kind, kind === 'in-process' ? 800 : 5000);
    // The gateway alone: nobody answers the catalog's subjects.
    gateway = await startSystem({ bus, databaseUrl: db.url, gatewayPort: 0, gatewayOnly: true });
    http = new HttpClient(gateway.url!);
    await db.drop();
  });

  afterAll(async () => {
    await gateway?.close();
  });

  it('answers 503 with Retry-After, without naming a bus subject, when no service answers', async () => {
    const res = await http.get<Json>('/api/policies');
    expect(res.status).toBe(503);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.text).not.toMatch(SUBJECT);
    expect(res.text).not.toContain(bus.prefix || 'catalog.');
  });

  if (kind === 'in-process') {
    it('answers 504 without naming a bus subject when a service does not answer in time', async () => {
      if (bus.kind !== 'in-process') throw new Error('in-process only');
      const silent = bus.broker.subscribe(bus.prefix + CatalogRpc.listPolicies.pattern, 'catalog', () => {});
      try {
        const res = await http.get<Json>('/api/policies');
        expect(res.status).toBe(504);
        expect(res.text).not.toMatch(SUBJECT);
      } finally {
        silent();
      }
    });
  }
});
