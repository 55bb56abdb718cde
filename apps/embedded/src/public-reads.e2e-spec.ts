import { type HttpClient, waitFor } from '@pc/testing';
import { type Client } from 'pg';
import { CachedReplicas } from './testing/cached-replicas';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * The gateway's response cache (issue 24) on the real services: two gateway replicas on one set of
 * services over NATS, and changes (through the other replica, or written straight to the database) seen
 * after the services' change events; views counted by the rulesets service change no tag. Tags, 304s,
 * private reads, read plans and coalescing, as the gateway decides them, are its gateway-tier spec's
 * (apps/gateway/src/public-reads/public-reads.integration-spec.ts).
 */
describe('public reads: ETags and the response cache, two gateway replicas', () => {
  const replicas = new CachedReplicas();
  let a: HttpClient;
  let b: HttpClient;
  let pg: Client;
  let owner: { id: string; cookie: string };

  /** A published policy written with SQL (its change event follows the commit). */
  const newPolicy = (name: string): Promise<string> =>
    replicas.newPolicy({ name, description: 'A policy read many times.', ownerId: owner.id });

  beforeAll(async () => {
    await replicas.start();
    ({ a, b, pg } = replicas);
    owner = await replicas.signUp('Owner');
  });

  afterAll(() => replicas.stop());

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
    const id = await replicas.newRuleset({
      name: 'Viewed Rules',
      description: 'Read often.',
      ownerId: owner.id,
    });
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
