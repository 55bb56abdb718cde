import { PolicyCatalog } from '@policy-catalog/sdk';
import { MAX_PAYLOAD_BYTES } from '@pc/platform';
import {
  cookieFrom,
  createTestDatabase,
  HttpClient,
  seedMaximalCatalog,
  type TestDatabase,
  testBus,
  WIDE,
} from '@pc/testing';
import { Client } from 'pg';
import { type RunningSystem, startSystem } from './system';

const ADMIN = { email: 'bounds-admin@example.com', password: 'admin-password-1' };

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * The largest lists of the catalog filled with maximal rows (far more than the bus carries in one message),
 * through the gateway over NATS: each page answers 200 within the bus limit, says there is more, and its
 * cursor walks every row once. Every paged list, on the in-process bus (which refuses what NATS would), is
 * walked at the service level (apps/catalog/src/common/list-bounds.integration-spec.ts).
 */
describe('lists of maximal rows over the NATS bus', () => {
  let db: TestDatabase;
  let system: RunningSystem;
  let http: HttpClient;
  let admin: string;
  let owner: { token: string; id: string };
  let policyId: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    system = await startSystem({
      bus: testBus('nats', 10000),
      databaseUrl: db.url,
      gatewayPort: 0,
      env: { BOOTSTRAP_ADMIN_EMAIL: ADMIN.email, BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password },
    });
    http = new HttpClient(system.url!);
    admin = cookieFrom(await http.post<Json>('/api/auth/login', ADMIN), 'sb-access-token')!;
    const signup = await http.post<Json>('/api/auth/signup', {
      email: `bounds-${Date.now()}@example.com`,
      password: 'password123',
      name: WIDE(50),
    });
    const cookie = cookieFrom(signup, 'sb-access-token')!;
    const token = await http.post<Json>('/api/tokens', { name: 't', scopes: ['api:read'] }, { cookie });
    owner = { token: token.body.token, id: signup.body.user.id };

    const pg = new Client({ connectionString: db.url });
    await pg.connect();
    try {
      policyId = await seedMaximalCatalog(
        (text, params) => pg.query(text, params).then((r) => r.rows),
        owner.id,
      );
    } finally {
      await pg.end();
    }
  }, 60_000);

  afterAll(async () => {
    await system?.close();
    await db?.drop();
  });

  /** Follows nextCursor from the first page to the last; every page 200 and within the bus limit. */
  async function walk(
    path: string,
    field: string,
    auth: { token?: string; cookie?: string },
    param = 'cursor',
  ): Promise<Json[]> {
    const items: Json[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const sep = path.includes('?') ? '&' : '?';
      const res: { status: number; text: string; body: Json } = await http.get<Json>(
        cursor ? `${path}${sep}${param}=${encodeURIComponent(cursor)}` : path,
        auth,
      );
      expect(res.status).toBe(200);
      expect(Buffer.byteLength(res.text)).toBeLessThan(MAX_PAYLOAD_BYTES);
      expect(res.body[field].length).toBeGreaterThan(0);
      expect(res.body.hasMore ?? res.body.nextCursor !== null).toBe(res.body.nextCursor !== null);
      items.push(...(res.body[field] as Json[]));
      cursor = res.body.nextCursor as string | null;
      pages++;
    } while (cursor && pages < 200);
    return items;
  }

  function distinct(items: Json[]): number {
    return new Set(items.map((i) => i.id)).size;
  }

  it('pages the policy list of 120 maximal policies within the bus limit, each policy once', async () => {
    const first = await http.get<Json>('/api/policies?limit=200');
    expect(first.status).toBe(200);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.policies.length).toBeLessThan(120);
    const all = await walk('/api/policies?limit=200', 'policies', {});
    expect(all).toHaveLength(120);
    expect(distinct(all)).toBe(120);
    const newest = await walk('/api/policies?limit=200&sort=submitted&order=desc', 'policies', {});
    expect(newest.map((p) => p.slug)).toEqual(Array.from({ length: 120 }, (_, i) => `max-${i + 1}`));
  }, 120_000);

  it('pages the search across kinds through 120 maximal policies within the bus limit, each once, with their counts', async () => {
    const all = await walk('/api/search?kind=policy&catalog=community&limit=100', 'items', {});
    expect(all).toHaveLength(120);
    expect(distinct(all)).toBe(120);
    const first = await http.get<Json>('/api/search?kind=policy&catalog=community&limit=100');
    expect(first.body.total).toBe(120);
    expect(first.body.facets.kinds.policy).toBe(120);
  }, 120_000);

  it('pages 250 large history entries, each once', async () => {
    const all = await walk(
      `/api/policies/${policyId}/history?limit=200`,
      'entries',
      { token: owner.token },
      'before',
    );
    expect(all).toHaveLength(250);
    expect(distinct(all)).toBe(250);
  });

  it('pages an inbox of 260 large notifications past the newest 200, each once, through the gateway and the SDK', async () => {
    const pg = new Client({ connectionString: db.url });
    await pg.connect();
    let newestFirst: string[];
    try {
      // 260 of 4 KiB each, four to a millisecond and pairs at the very same microsecond.
      await pg.query(
        `INSERT INTO identity.notifications (user_id, event_id, kind, title, body, data, created_at)
         SELECT $1, gen_random_uuid(), 'review_decided', 'Notification ' || i, repeat('n', 4096), '{}',
                timestamptz '2026-03-01T00:00:00Z' + make_interval(secs => (i - i % 2) * 0.00025)
           FROM generate_series(1, 260) AS i`,
        [owner.id],
      );
      const rows = await pg.query<{ id: string }>(
        'SELECT id FROM identity.notifications WHERE user_id = $1 ORDER BY created_at DESC, id DESC',
        [owner.id],
      );
      newestFirst = rows.rows.map((r) => r.id);
    } finally {
      await pg.end();
    }
    const auth = { token: owner.token };

    // The first page as before paging (its notifications, newest first), cut to the reply's bytes.
    const first = await http.get<Json>('/api/me/notifications', auth);
    expect(first.status).toBe(200);
    expect(first.body.notifications[0]).toMatchObject({ id: newestFirst[0], title: 'Notification 260' });
    expect(first.body).toMatchObject({ hasMore: true, nextCursor: expect.any(String) });
    const all = await walk('/api/me/notifications', 'notifications', auth);
    expect(all.map((n) => n.id)).toEqual(newestFirst);
    const small = await walk('/api/me/notifications?limit=7', 'notifications', auth);
    expect(small.map((n) => n.id)).toEqual(newestFirst);

    // The SDK walks it too.
    const sdk = new PolicyCatalog({ baseUrl: system.url!, token: owner.token });
    const walked: string[] = [];
    for await (const n of sdk.items('Transfers_notifications', { params: { query: { limit: 50 } } }))
      walked.push(n.id);
    expect(walked).toEqual(newestFirst);

    // Bad paging answers 400 with a JSON error body: a cursor of another list, a forged one, a limit out of range.
    const transfers = await http.get<Json>('/api/me/transfers', auth);
    expect(transfers.status).toBe(200);
    for (const query of [
      'cursor=bm90LWEtY3Vyc29y',
      `cursor=${encodeURIComponent(Buffer.from(JSON.stringify(['transfers', '2026-03-01 00:00:00+00', newestFirst[0]])).toString('base64url'))}`,
      `cursor=${encodeURIComponent(Buffer.from(JSON.stringify(['notifications', 'soon', newestFirst[0]])).toString('base64url'))}`,
      'limit=0',
      'limit=201',
    ]) {
      const bad = await http.get<Json>(`/api/me/notifications?${query}`, auth);
      expect({ query, status: bad.status }).toEqual({ query, status: 400 });
      expect(bad.body).toMatchObject({ statusCode: 400, message: expect.any(String) });
    }
    expect((await http.get(`/api/me/transfers?cursor=${first.body.nextCursor}`, auth)).status).toBe(400);
  }, 120_000);

  it('shows the review queue as summaries within the bus limit and says which kinds have more', async () => {
    const res = await http.get<Json>('/api/admin/queue?limit=100', { cookie: admin });
    expect(res.status).toBe(200);
    expect(Buffer.byteLength(res.text)).toBeLessThan(MAX_PAYLOAD_BYTES);
    expect(res.body.submissions.length).toBeGreaterThan(0);
    expect(res.body.submissions[0]).not.toHaveProperty('description');
    expect(res.body.submissions[0]).not.toHaveProperty('validation');
    expect(res.body.hasMore).toEqual({
      submissions: false,
      revisions: true,
      ideas: true,
      rulesetSubmissions: false,
    });
    expect(res.body.submissions).toHaveLength(60);
  });

  it('refuses a cursor it did not make, or one of another order, with 400', async () => {
    expect((await http.get('/api/policies?cursor=bm90LWEtY3Vyc29y')).status).toBe(400);
    const page = await http.get<Json>('/api/policies?limit=1');
    const other = await http.get(`/api/policies?sort=submitted&cursor=${page.body.nextCursor}`);
    expect(other.status).toBe(400);
    expect((await http.get(`/api/policies?offset=5&cursor=${page.body.nextCursor}`)).status).toBe(400);
    expect((await http.get('/api/policies?offset=10001')).status).toBe(400);
  });
});
