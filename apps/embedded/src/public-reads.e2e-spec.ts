import { cookieFrom, createTestDatabase, HttpClient, testBus, type TestDatabase, waitFor } from '@pc/testing';
import { Client } from 'pg';
import { type RunningSystem, startSystem } from './system';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A TTL period (part of every tag) long enough that none ends during a test's burst of reads. */
const CACHE_ON = { RESPONSE_CACHE_ENABLED: 'true', RESPONSE_CACHE_TTL_MS: '3600000' };

/**
 * The gateway's response cache (issue 24) on the real services: two gateway replicas on one set of
 * services over NATS, and changes (through the other replica, or written straight to the database) seen
 * after the services' change events; views counted by the rulesets service change no tag. Tags, 304s,
 * private reads, read plans and coalescing, as the gateway decides them, are its gateway-tier spec's
 * (apps/gateway/src/public-reads/public-reads.integration-spec.ts).
 */
describe('public reads: ETags and the response cache, two gateway replicas', () => {
  let db: TestDatabase;
  let system: RunningSystem;
  let second: RunningSystem;
  let a: HttpClient;
  let b: HttpClient;
  let pg: Client;
  let owner: { id: string; cookie: string };

  /** A published policy written with SQL (its change event follows the commit). */
  const newPolicy = async (name: string): Promise<string> => {
    const { rows } = await pg.query<{ id: string }>(
      `INSERT INTO catalog.policies (slug, name, description, status, owner_id, source_host_url)
       VALUES ($1, $2, 'A policy read many times.', 'published', $3, 'https://h.example/p')
       RETURNING id`,
      [`${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}`, name, owner.id],
    );
    return rows[0].id;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    const bus = testBus('nats', 10000);
    system = await startSystem({ bus, databaseUrl: db.url, gatewayPort: 0, env: CACHE_ON });
    second = await startSystem({
      bus,
      databaseUrl: db.url,
      gatewayPort: 0,
      gatewayOnly: true,
      env: CACHE_ON,
    });
    a = new HttpClient(system.url!);
    b = new HttpClient(second.url!);
    pg = new Client({ connectionString: db.url });
    await pg.connect();
    const res = await a.post<Json>('/api/auth/signup', {
      email: `owner-${Date.now()}@example.com`,
      password: 'password123',
      name: 'Owner',
    });
    owner = { id: res.body.user.id as string, cookie: cookieFrom(res, 'sb-access-token')! };
  });

  afterAll(async () => {
    await pg?.end();
    await second?.close();
    await system?.close();
    await db?.drop();
  });

  it('answers 200 with the change after a write through the other replica', async () => {
    const id = await newPolicy('Changing Policy');
    let before = await a.get<Json>(`/api/policies/${id}`);
    await waitFor(
      async () => (before = await a.get<Json>(`/api/policies/${id}`)).headers.get('etag') !== null,
      5000,
      'a tagged read',
    );
    const tag = before.headers.get('etag')!;
    expect((await a.get(`/api/policies/${id}`, { headers: { 'if-none-match': tag } })).status).toBe(304);

    const liked = await b.post<Json>(`/api/policies/${id}/like`, undefined, { cookie: owner.cookie });
    expect(liked.status).toBe(200);
    let after: Json = {};
    await waitFor(
      async () => {
        const read = await a.get<Json>(`/api/policies/${id}`, { headers: { 'if-none-match': tag } });
        after = read;
        return read.status === 200;
      },
      5000,
      'the change event to reach the first replica',
    );
    expect(after.body.policy.likes).toBe(before.body.policy.likes + 1);
    expect(after.headers.get('etag')).not.toBe(tag);
  });

  it('drops cached reads when a change is written straight to the database (the trigger announces it)', async () => {
    const id = await newPolicy('Renamed Policy');
    await a.get(`/api/policies/${id}`);
    await a.get('/api/policies?q=renamed');
    await pg.query(`UPDATE catalog.policies SET name = 'Retitled Policy' WHERE id = $1`, [id]);
    await waitFor(
      async () => (await a.get<Json>(`/api/policies/${id}`)).body.policy.name === 'Retitled Policy',
      5000,
      'the cached read to be dropped',
    );
    const list = await a.get<Json>('/api/policies?q=retitled');
    expect(list.body.policies.map((p: Json) => p.id)).toContain(id);
  });

  it("counts a ruleset's views from every answer, and a view changes no tag", async () => {
    const { rows } = await pg.query<{ id: string }>(
      `INSERT INTO rulesets.rulesets (name, description, owner_id, submitted_by, source_url, published_at,
         lifecycle_status)
       VALUES ('Viewed Rules', 'Read often.', $1, $1, 'https://source.example/o/r', now(), 'published')
       RETURNING id`,
      [owner.id],
    );
    const id = rows[0].id;
    const views = async () =>
      Number(
        (await pg.query<{ n: string }>('SELECT view_count AS n FROM rulesets.rulesets WHERE id = $1', [id]))
          .rows[0].n,
      );
    let first = await b.get<Json>(`/api/rulesets/${id}`);
    await waitFor(
      async () => (first = await b.get<Json>(`/api/rulesets/${id}`)).headers.get('etag') !== null,
      5000,
      'a tagged read',
    );
    const counted = await views();
    const tag = first.headers.get('etag')!;
    expect((await b.get(`/api/rulesets/${id}`, { headers: { 'if-none-match': tag } })).status).toBe(304);
    expect((await a.get(`/api/rulesets/${id}`, { cookie: owner.cookie })).status).toBe(200);
    // A view alone is no content change: the tag holds while the counts arrive.
    await waitFor(async () => (await views()) >= counted + 2, 5000, 'the views to be counted');
    expect((await b.get(`/api/rulesets/${id}`, { headers: { 'if-none-match': tag } })).status).toBe(304);
  });
});
