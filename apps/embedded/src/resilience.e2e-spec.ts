import { type BusConfig } from '@pc/platform';
import { CuttableLink, HttpClient, type HttpResponse, OwnNats, OwnPostgres, waitFor } from '@pc/testing';
import { type RunningSystem, startSystem } from './system';
import { signUp } from './testing/sign-up';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The bus time-out: a lost dependency must be answered well before it. */
const BUS_TIMEOUT_MS = 10_000;
const QUICKLY_MS = 3_000;

/**
 * Real processes of the test's own (a nats-server and a PostgreSQL on free ports) stopped and started
 * again under requests: the system answers 503 with Retry-After at once, /health/ready names what is
 * missing, and everything recovers without a restart.
 */
describe('losing NATS and PostgreSQL under requests', () => {
  let nats: OwnNats;
  let postgres: OwnPostgres;
  let bus: BusConfig;
  let system: RunningSystem;
  let http: HttpClient;
  let token: string;

  beforeAll(async () => {
    [nats, postgres] = await Promise.all([OwnNats.start(), OwnPostgres.start()]);
    const databaseUrl = postgres.url;
    bus = { kind: 'nats', url: nats.url, prefix: '', timeoutMs: BUS_TIMEOUT_MS, shutdownGraceMs: 100 };
    system = await startSystem({ bus, databaseUrl, gatewayPort: 0, env: { AUTH_CACHE_TTL_MS: '60000' } });
    http = new HttpClient(system.url!);
    ({ token } = await signUp(http, 'ada', 1, ['api:read']));
  }, 120_000);

  afterAll(async () => {
    await system?.close();
    await nats?.stop();
    await postgres?.stop();
  }, 60_000);

  /** Requests every 50 ms while a test runs; none of them may answer 500. */
  function underLoad(): { stop(): Promise<number[]> } {
    const statuses: number[] = [];
    let running = true;
    const loop = (async () => {
      while (running) {
        const results = await Promise.all([http.get('/api/policies'), http.get('/api/me', { token })]);
        statuses.push(...results.map((r) => r.status));
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    return {
      stop: async () => {
        running = false;
        await loop;
        return statuses;
      },
    };
  }

  async function timed<T>(call: () => Promise<T>): Promise<{ result: T; ms: number }> {
    const started = Date.now();
    const result = await call();
    return { result, ms: Date.now() - started };
  }

  function expectUnavailable(res: HttpResponse<Json>): void {
    expect(res.status).toBe(503);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  }

  const ready = () => http.get<Json>('/health/ready');
  const isReady = async () => (await ready()).status === 200;

  it('answers 503 at once while NATS is down, names the bus in /health/ready, and recovers when it is back', async () => {
    const load = underLoad();
    await nats.stop();
    await waitFor(async () => (await http.get('/api/policies')).status === 503, QUICKLY_MS, 'a 503');

    const { result, ms } = await timed(() => http.get<Json>('/api/policies'));
    expectUnavailable(result);
    expect(ms).toBeLessThan(QUICKLY_MS);
    expectUnavailable(await http.get<Json>('/api/me', { token }));
    const health = await ready();
    expect(health.status).toBe(503);
    expect(health.body.details.bus).toMatch(/disconnected/);

    await nats.start();
    await waitFor(isReady, 30_000, 'the gateway to be ready again');
    expect((await http.get('/api/policies')).status).toBe(200);
    expect((await http.get('/api/me', { token })).status).toBe(200);
    const statuses = await load.stop();
    expect(statuses).not.toContain(500);
    expect(statuses).toContain(503);
  }, 90_000);

  it('answers 503 at once while PostgreSQL is down, names the database in /health/ready, and recovers when it is back', async () => {
    await waitFor(isReady, 30_000, 'the gateway to be ready');
    const load = underLoad();
    await postgres.stop();

    const { result, ms } = await timed(() => http.get<Json>('/api/policies'));
    expectUnavailable(result);
    expect(ms).toBeLessThan(QUICKLY_MS);
    const health = await ready();
    expect(health.status).toBe(503);
    expect(health.body.details).toMatchObject({ bus: 'ok' });
    expect(health.body.details.catalog).toMatch(/database/);
    expect(health.body.details.identity).toMatch(/database/);

    await postgres.start();
    await waitFor(isReady, 30_000, 'the gateway to be ready again');
    expect((await http.get('/api/policies')).status).toBe(200);
    const statuses = await load.stop();
    expect(statuses).not.toContain(500);
    expect(statuses).toContain(503);
  }, 90_000);

  it('refuses a token revoked while a gateway was cut off from NATS once it is back (its cache is cleared)', async () => {
    await waitFor(isReady, 30_000, 'the gateway to be ready');
    const link = await CuttableLink.to(nats.url);
    const second = await startSystem({
      bus: { ...bus, url: link.via(nats.url) } as BusConfig,
      databaseUrl: postgres.url,
      gatewayPort: 0,
      gatewayOnly: true,
      env: { AUTH_CACHE_TTL_MS: '60000' },
    });
    try {
      const far = new HttpClient(second.url!);
      const { token: revocable, tokenId, cookie } = await signUp(http, 'grace', 1, ['api:read']);
      expect((await far.get('/api/me', { token: revocable })).status).toBe(200);

      await link.cut();
      await waitFor(
        async () => (await far.get('/health/ready')).status === 503,
        10_000,
        'the cut to be noticed',
      );
      expect((await http.delete(`/api/tokens/${tokenId}`, { cookie })).status).toBe(200);
      expect((await http.get('/api/me', { token: revocable })).status).toBe(401);

      await link.restore();
      await waitFor(async () => (await far.get('/health/ready')).status === 200, 30_000, 'the reconnection');
      expect((await far.get('/api/me', { token: revocable })).status).toBe(401);
    } finally {
      await second.close();
      await link.cut();
    }
  }, 90_000);
});
