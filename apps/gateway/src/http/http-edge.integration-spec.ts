import { randomUUID } from 'node:crypto';
import { CatalogRpc, IdentityRpc, RulesetsRpc } from '@pc/contracts';
import { DomainError } from '@pc/platform';
import { gatewayUnderTest } from '../testing/gateway-under-test';

/** Anything that looks like an internal bus subject (`catalog.policy.list.v1`). */
const SUBJECT = /\b[a-z]+\.[a-z-]+\.[a-z.-]+\.v\d+\b/;
const MISSING = '00000000-0000-4000-8000-000000000000';

const session = () => ({
  sessionToken: `pcs_${randomUUID()}`,
  expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  user: { id: randomUUID(), email: 'proxy@example.com', name: 'Proxy', is_admin: false },
});

/**
 * The gateway's own HTTP edge, with stand-ins for the services: what each answer may be stored as, the
 * hardening headers, the UTF-8 check of a body, and a bus failure (nobody answers, or too late) answered
 * without naming a subject. That a real service lost is answered 503 is the resilience end-to-end file's.
 */
describe('the HTTP edge of the gateway (stand-ins for the services)', () => {
  // RulesetsRpc.list is answered by nobody: the bus's "no responders".
  const gateway = gatewayUnderTest(
    [
      IdentityRpc.createToken,
      IdentityRpc.getMe,
      IdentityRpc.signup,
      CatalogRpc.listPolicies,
      CatalogRpc.getPolicy,
      CatalogRpc.getPolicyDocs,
    ],
    { RESPONSE_CACHE_ENABLED: 'true', RESPONSE_CACHE_TTL_MS: '3600000' },
    { timeoutMs: 800 },
  );

  beforeAll(() => {
    gateway.reply(
      IdentityRpc.createToken,
      (data) =>
        ({ token: 'pcat_x', record: { id: randomUUID(), name: data.name, scopes: data.scopes } }) as never,
    );
    gateway.reply(
      IdentityRpc.getMe,
      (_d, ctx) =>
        ({
          user: {
            id: ctx.caller.kind === 'user' ? ctx.caller.userId : '',
            email: 'edge@example.com',
            name: 'Edge',
            is_admin: false,
          },
        }) as never,
    );
    gateway.reply(IdentityRpc.signup, () => session() as never);
    gateway.reply(CatalogRpc.listPolicies, () => ({ policies: [], hasMore: false }) as never);
    gateway.reply(CatalogRpc.getPolicy, () => {
      throw new DomainError('NOT_FOUND', 'policy not found');
    });
    // Never answered in time (the gateway's bus time-out is 800 ms).
    gateway.reply(CatalogRpc.getPolicyDocs, () => new Promise<never>(() => undefined) as never);
  });

  it('marks a new token, the profile and errors as not to be stored, a public anonymous read as revalidated, and every /api answer as not to be sniffed', async () => {
    const { token, session: signedIn } = gateway.user();
    // A token is made in a signed-in browser session.
    const created = await gateway.fetch('POST', '/api/tokens', {
      headers: { cookie: `sb-access-token=${signedIn}` },
      body: { name: 't', scopes: ['api:read'] },
    });
    expect(created.status).toBe(201);
    const me = await gateway.fetch('GET', '/api/me', { token });
    expect(me.status).toBe(200);
    const policies = await gateway.fetch('GET', '/api/policies');
    expect(policies.status).toBe(200);
    const missing = await gateway.fetch('GET', `/api/policies/${MISSING}`);
    expect(missing.status).toBe(404);
    const unauthenticated = await gateway.fetch('GET', '/api/me');
    expect(unauthenticated.status).toBe(401);
    for (const res of [created, me, missing, unauthenticated]) {
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    // Public and anonymous: a cache may keep it but must revalidate it (its ETag) before each use.
    expect(policies.headers.get('cache-control')).toBe('no-cache');
    expect(policies.headers.get('etag')).toMatch(/^"[^"]+"$/);
    for (const res of [created, me, policies, missing, unauthenticated]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('serves the API docs page with framing refused', async () => {
    const res = await fetch(`${gateway.url}/api/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('says that a body is not UTF-8 when it is not (400), and sends nothing on', async () => {
    const asked = gateway.asked.get(IdentityRpc.signup.pattern)?.length ?? 0;
    const latin1 = Buffer.from(
      '{"email":"j\xe9r\xf4me@example.com","password":"password123","name":"J"}',
      'latin1',
    );
    const res = await fetch(`${gateway.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: latin1,
    });
    const body = (await res.json()) as { message: string };
    expect(res.status).toBe(400);
    expect(body.message).toMatch(/not valid UTF-8/);
    expect(gateway.asked.get(IdentityRpc.signup.pattern)?.length ?? 0).toBe(asked);
  });

  it('refuses a body with a __proto__ key with 400 naming where it is, and sends nothing on', async () => {
    const asked = gateway.asked.get(IdentityRpc.signup.pattern)?.length ?? 0;
    for (const [body, where] of [
      ['{"__proto__": {"role": "admin"}}', '__proto__'],
      ['{"email": "x@example.com", "profile": {"__proto__": {"is_admin": true}}}', 'profile.__proto__'],
    ]) {
      const res = await fetch(`${gateway.url}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      const text = await res.text();
      expect([res.status, (JSON.parse(text) as { message: string }).message]).toEqual([
        400,
        `${where}: the key __proto__ is not accepted in a body; send the fields themselves`,
      ]);
      expect(text).not.toMatch(SUBJECT);
    }
    expect(gateway.asked.get(IdentityRpc.signup.pattern)?.length ?? 0).toBe(asked);
  });

  it('answers 503 with Retry-After, without naming a bus subject, when no service answers', async () => {
    const res = await fetch(`${gateway.url}/api/rulesets`);
    const text = await res.text();
    expect(res.status).toBe(503);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(text).not.toMatch(SUBJECT);
    expect(text).not.toContain(RulesetsRpc.list.pattern);
  });

  it('answers 504 without naming a bus subject when a service does not answer in time', async () => {
    const res = await fetch(`${gateway.url}/api/policies/${MISSING}/docs`);
    const text = await res.text();
    expect(res.status).toBe(504);
    expect(text).not.toMatch(SUBJECT);
  });
});

// The test client connects from 127.0.0.1: one trusted hop, or that proxy address.
describe.each([
  ['1', true],
  ['127.0.0.1', true],
  ['false', false],
  ['0', false],
])('the gateway behind a TLS-terminating proxy, TRUST_PROXY=%s', (trustProxy, secure) => {
  const gateway = gatewayUnderTest([IdentityRpc.signup], { TRUST_PROXY: trustProxy });

  beforeAll(() => gateway.reply(IdentityRpc.signup, () => session() as never));

  it(`${secure ? 'trusts' : 'ignores'} X-Forwarded-Proto: the session cookie is ${secure ? '' : 'not '}Secure`, async () => {
    const res = await gateway.fetch('POST', '/api/auth/signup', {
      body: { email: 'proxy@example.com', password: 'password123', name: 'Proxy' },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.status).toBe(201);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/sb-access-token=[^;]+;/);
    if (secure) expect(cookie).toMatch(/sb-access-token=[^;]+;.*\bSecure\b/i);
    else expect(cookie).not.toMatch(/\bSecure\b/i);
  });
});
