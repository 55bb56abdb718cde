import { cookieFrom, createTestDatabase, HttpClient, testBus, type TestDatabase, waitFor } from '@pc/testing';
import type { BusConfig } from '@pc/platform';
import { CatalogRpc } from '@pc/contracts';
import { connect, type NatsConnection } from 'nats';
import { Client } from 'pg';
import { type RunningSystem, startSystem } from './system';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A TTL period (part of every tag) long enough that none ends during a test's burst of reads. */
const CACHE_ON = { RESPONSE_CACHE_ENABLED: 'true', RESPONSE_CACHE_TTL_MS: '3600000' };

/**
 * Conditional requests and the gateway's response cache (issue 24), with two gateway replicas on one
 * set of services over NATS: tags, 304s, no caller data in what is shared, one bus request for many
 * misses, and changes (through the other replica, or written straight to the database) seen after the
 * change event.
 */
describe('public reads: ETags and the response cache, two gateway replicas', () => {
  let db: TestDatabase;
  let bus: BusConfig;
  let system: RunningSystem;
  let second: RunningSystem;
  let a: HttpClient;
  let b: HttpClient;
  let pg: Client;
  let nats: NatsConnection;
  let owner: { id: string; cookie: string };
  let reader: { id: string; cookie: string };

  const signUp = async (name: string) => {
    const res = await a.post<Json>('/api/auth/signup', {
      email: `${name}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
      password: 'password123',
      name,
    });
    return { id: res.body.user.id as string, cookie: cookieFrom(res, 'sb-access-token')! };
  };

  /** A published policy written with SQL; `txid` is the transaction its change event names. */
  const insertPolicy = async (name: string): Promise<{ id: string; txid: string }> => {
    const { rows } = await pg.query<{ id: string; txid: string }>(
      `INSERT INTO catalog.policies (slug, name, description, status, owner_id, source_host_url)
       VALUES ($1, $2, 'A policy read many times.', 'published', $3, 'https://h.example/p')
       RETURNING id, txid_current()::text AS txid`,
      [`${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}`, name, owner.id],
    );
    return rows[0];
  };
  const newPolicy = async (name: string): Promise<string> => (await insertPolicy(name)).id;

  beforeAll(async () => {
    db = await createTestDatabase();
    bus = testBus('nats', 10000);
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
    if (bus.kind !== 'nats') throw new Error('NATS only');
    nats = await connect({ servers: bus.url });
    owner = await signUp('Owner');
    reader = await signUp('Reader');
  });

  afterAll(async () => {
    await nats?.close();
    await pg?.end();
    await second?.close();
    await system?.close();
    await db?.drop();
  });

  it('tags an anonymous read and answers 304 to its tag, 200 to another', async () => {
    const id = await newPolicy('Tagged Policy');
    // A read under way when the insert's change event arrives is answered untagged; the next one is tagged.
    let first = await a.get<Json>(`/api/policies/${id}`);
    await waitFor(
      async () => (first = await a.get<Json>(`/api/policies/${id}`)).headers.get('etag') !== null,
      5000,
      'a tagged read',
    );
    expect(first.status).toBe(200);
    const tag = first.headers.get('etag')!;
    expect(tag).toMatch(/^"[^"]+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(first.headers.get('vary')).toBe('Authorization, Cookie');

    const again = await a.get(`/api/policies/${id}`, { headers: { 'if-none-match': tag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')).toBe(tag);

    const other = await a.get<Json>(`/api/policies/${id}`, { headers: { 'if-none-match': '"c1.1"' } });
    expect(other.status).toBe(200);
    expect(other.body.policy.id).toBe(id);
    for (const path of [
      '/api/policies',
      `/api/policies/${id}/docs`,
      `/api/policies/${id}/history`,
      '/api/rulesets',
    ]) {
      const read = await a.get(path);
      expect(read.status).toBe(200);
      expect(read.headers.get('etag')).toMatch(/^"[^"]+"$/);
    }
  });

  it("never shares a caller's like: signed-in reads are private and uncached", async () => {
    const id = await newPolicy('Liked Policy');
    expect((await a.get<Json>(`/api/policies/${id}`)).body.policy.liked).toBe(false);
    const like = await b.post<Json>(`/api/policies/${id}/like`, undefined, { cookie: reader.cookie });
    expect(like.body.liked).toBe(true);

    const mine = await a.get<Json>(`/api/policies/${id}`, { cookie: reader.cookie });
    expect(mine.body.policy.liked).toBe(true);
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    expect(mine.headers.get('etag')).toBeNull();
    // Neither the anonymous caller (after the reader's read) nor another user sees the reader's like.
    for (const client of [a, b]) {
      const anonymous = await client.get<Json>(`/api/policies/${id}`);
      expect(anonymous.body.policy.liked).toBe(false);
      const others = await client.get<Json>(`/api/policies/${id}`, { cookie: owner.cookie });
      expect(others.body.policy.liked).toBe(false);
    }
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

  it("answers a URL read before without the route's pipeline, as the route does: changes, 404, 400", async () => {
    const id = await newPolicy('Planned Policy');
    // The first read goes through the route (which validates the URL), later ones through its read plan.
    await waitFor(
      async () => (await a.get(`/api/policies/${id}`)).headers.get('etag') !== null,
      5000,
      'a tagged read',
    );
    const planned = await a.get<Json>(`/api/policies/${id}`, { headers: { 'if-none-match': '"c1.1"' } });
    expect(planned.status).toBe(200);
    expect(planned.body.policy.id).toBe(id);
    expect(planned.headers.get('cache-control')).toBe('no-cache');
    expect(planned.headers.get('vary')).toBe('Authorization, Cookie');
    expect(planned.headers.get('x-request-id')).toBeTruthy();
    expect(planned.headers.get('content-type')).toBe('application/json; charset=utf-8');
    // Credentials on a planned URL are checked as the route checks them.
    const mine = await a.get<Json>(`/api/policies/${id}`, { cookie: owner.cookie });
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    expect(mine.body.policy.id).toBe(id);
    const refused = await a.get<Json>(`/api/policies/${id}`, {
      headers: { authorization: 'Bearer pc_nope' },
    });
    expect(refused.status).toBe(401);

    await pg.query('DELETE FROM catalog.policies WHERE id = $1', [id]);
    let gone = planned;
    await waitFor(
      async () => (gone = await a.get<Json>(`/api/policies/${id}`)).status === 404,
      5000,
      'the deleted policy to answer 404',
    );
    expect(gone.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    expect(gone.headers.get('cache-control')).toBe('no-store');
    // A URL the route refuses is never planned: it keeps answering 400.
    for (let i = 0; i < 2; i++) expect((await a.get('/api/policies/not-a-uuid')).status).toBe(400);
    for (let i = 0; i < 2; i++) expect((await a.get('/api/policies?limit=0')).status).toBe(400);
  });

  it('tags a ruleset read and counts a view for every answer: read, cached, 304 and signed in', async () => {
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
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const cached = await b.get<Json>(`/api/rulesets/${id}`);
    expect(cached.body).toEqual(first.body);
    expect((await b.get(`/api/rulesets/${id}`, { headers: { 'if-none-match': tag } })).status).toBe(304);
    const signedIn = await a.get<Json>(`/api/rulesets/${id}`, { cookie: reader.cookie });
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store');
    // A view alone is no content change: the tag holds while the counts arrive.
    await waitFor(async () => (await views()) >= counted + 3, 5000, 'the views to be counted');
    expect((await b.get(`/api/rulesets/${id}`, { headers: { 'if-none-match': tag } })).status).toBe(304);
  });

  it('sends one bus request for 100 concurrent anonymous misses of one read', async () => {
    const { id, txid } = await insertPolicy('Popular Policy');
    // The insert's change event arrives a moment after the commit: heard during the burst, it would
    // rightly start a second read (a miss after a change never joins a read begun before it). Wait until
    // the replica's tags name that transaction, reading another path so that the policy stays a miss.
    await waitFor(
      async () => (await a.get('/api/rulesets')).headers.get('etag')?.startsWith(`"c${txid}.`) === true,
      5000,
      "the insert's change event to reach the replica",
    );
    if (bus.kind !== 'nats') throw new Error('NATS only');
    // A plain subscriber (no queue group) sees a copy of every request to the catalog's subject.
    let seen = 0;
    const sub = nats.subscribe(bus.prefix + CatalogRpc.getPolicy.pattern, {
      callback: (_e, msg) => {
        if (new TextDecoder().decode(msg.data).includes(id)) seen++;
      },
    });
    await nats.flush();
    try {
      const reads = await Promise.all(
        Array.from({ length: 100 }, () => fetch(`${system.url}/api/policies/${id}`)),
      );
      expect(reads.every((r) => r.status === 200)).toBe(true);
      const tags = new Set(reads.map((r) => r.headers.get('etag')));
      expect(tags.size).toBe(1);
      await nats.flush();
      expect(seen).toBe(1);
    } finally {
      sub.unsubscribe();
    }
  });
});
