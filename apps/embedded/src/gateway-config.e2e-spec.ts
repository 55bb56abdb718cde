import { createTestDatabase, HttpClient, type TestDatabase, testBus } from '@pc/testing';
import { type RunningSystem, startSystem } from './system';

// Configuration of the gateway that a user notices; it does not depend on the bus, so in-process only.
describe('the gateway behind a reverse proxy (TRUST_PROXY)', () => {
  let db: TestDatabase;
  let system: RunningSystem | undefined;

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterEach(async () => {
    await system?.close();
    system = undefined;
  });

  afterAll(async () => {
    await db?.drop();
  });

  /** The session cookie a sign-up behind a TLS-terminating proxy gets. */
  async function cookieBehindTls(trustProxy: string): Promise<string> {
    system = await startSystem({
      bus: testBus('in-process'),
      databaseUrl: db.url,
      gatewayPort: 0,
      env: { TRUST_PROXY: trustProxy },
    });
    const res = await new HttpClient(system.url!).post(
      '/api/auth/signup',
      { email: `proxy-${Date.now()}-${Math.random()}@example.com`, password: 'password123', name: 'Proxy' },
      { headers: { 'x-forwarded-proto': 'https' } },
    );
    expect(res.status).toBe(201);
    return res.headers.get('set-cookie') ?? '';
  }

  it.each(['true', '1'])(
    'trusts X-Forwarded-Proto when TRUST_PROXY=%s: the session cookie is Secure',
    async (value) => {
      expect(await cookieBehindTls(value)).toMatch(/sb-access-token=[^;]+;.*\bSecure\b/i);
    },
  );

  it.each(['false', '0'])('ignores X-Forwarded-Proto when TRUST_PROXY=%s: no Secure flag', async (value) => {
    const cookie = await cookieBehindTls(value);
    expect(cookie).toMatch(/sb-access-token=/);
    expect(cookie).not.toMatch(/\bSecure\b/i);
  });
});
