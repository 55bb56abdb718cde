import { PublicReads } from '@pc/gateway';
import { type HttpClient, waitFor } from '@pc/testing';
import { CachedReplicas } from './testing/cached-replicas';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Signed-in reads made from the shared (anonymous) answers and each caller's part, on the real services
 * with two gateway replicas over NATS: a user reads their like (of a policy or a ruleset) and their edit
 * through either replica at once, nobody else's answer shows their like, and a policy that is not published is never in what
 * is shared. How the gateway decides each read, with stand-ins, is its gateway-tier spec's
 * (apps/gateway/src/public-reads/signed-in-reads.integration-spec.ts).
 */
describe('signed-in reads from shared answers, two gateway replicas', () => {
  const replicas = new CachedReplicas();
  let a: HttpClient;
  let b: HttpClient;

  /** A policy written with SQL (its change event follows the commit). */
  const newPolicy = (name: string, ownerId: string, status = 'published'): Promise<string> =>
    replicas.newPolicy({ name, description: 'A policy read by signed-in users.', ownerId, status });
  /** A published ruleset written with SQL (its change event follows the commit). */
  const newRuleset = (name: string, ownerId: string): Promise<string> =>
    replicas.newRuleset({ name, description: 'A ruleset read by signed-in users.', ownerId });
  /** Each kind: its routes' word (one, many) and a published item of it. */
  const KINDS = [
    { many: 'policies', one: 'policy', create: (name: string, owner: string) => newPolicy(name, owner) },
    { many: 'rulesets', one: 'ruleset', create: (name: string, owner: string) => newRuleset(name, owner) },
  ];
  const sharedAnswers = () =>
    replicas.first.gateway!.get(PublicReads).sharedAnswers +
    replicas.second.gateway!.get(PublicReads).sharedAnswers;

  beforeAll(async () => {
    await replicas.start();
    ({ a, b } = replicas);
  });

  afterAll(() => replicas.stop());

  it.each(KINDS.map((kind) => [kind.many, kind]))(
    'shows a like of one of the %s through the other replica at once, to its author only',
    async (_, { many, one, create }) => {
      const owner = await replicas.signUp('Owner');
      const reader = await replicas.signUp('Reader');
      const other = await replicas.signUp('Other');
      const id = await create(`Liked Across Replicas ${one}`, owner.id);
      // Every replica has the shared answer and each reader's part.
      for (const client of [a, b]) {
        await waitFor(
          async () => (await client.get(`/api/${many}/${id}`)).status === 200,
          5000,
          'the policy to be read',
        );
        for (const user of [reader, other]) {
          expect(
            (await client.get<Json>(`/api/${many}/${id}`, { cookie: user.cookie })).body[one].liked,
          ).toBe(false);
        }
      }
      const sharedBefore = sharedAnswers();

      for (const [writer, readerSide] of [
        [a, b],
        [b, a],
        [a, b],
        [b, a],
      ] as const) {
        const toggled = await writer.post<Json>(`/api/${many}/${id}/like`, undefined, {
          cookie: reader.cookie,
        });
        expect(toggled.status).toBe(200);
        // At once, through the other replica: the like and its count.
        const mine = await readerSide.get<Json>(`/api/${many}/${id}`, { cookie: reader.cookie });
        expect(mine.body[one]).toMatchObject({
          liked: toggled.body.liked,
          likes: toggled.body.liked ? 1 : 0,
        });
        const listed = await readerSide.get<Json>(`/api/${many}?limit=200`, { cookie: reader.cookie });
        expect(listed.body[many].find((p: Json) => p.id === id)).toMatchObject({
          liked: toggled.body.liked,
        });
        // Nobody else's answer shows it, through either replica.
        for (const client of [a, b]) {
          expect(
            (await client.get<Json>(`/api/${many}/${id}`, { cookie: other.cookie })).body[one].liked,
          ).toBe(false);
          expect((await client.get<Json>(`/api/${many}/${id}`)).body[one].liked).toBe(false);
          const theirs = await client.get<Json>(`/api/${many}?limit=200`, { cookie: other.cookie });
          expect(theirs.body[many].some((p: Json) => p.liked)).toBe(false);
        }
      }
      // The replicas made those reads from shared answers and parts, not all from the catalog.
      expect(sharedAnswers()).toBeGreaterThan(sharedBefore);
    },
  );

  it("shows the owner's edit through the other replica at once, and to others once the change is announced", async () => {
    const owner = await replicas.signUp('Editor');
    const other = await replicas.signUp('Watcher');
    const id = await newPolicy('Edited Across Replicas', owner.id);
    for (const client of [a, b]) {
      await waitFor(
        async () => (await client.get(`/api/policies/${id}`, { cookie: other.cookie })).status === 200,
        5000,
        'the policy to be read',
      );
      await client.get(`/api/policies/${id}`, { cookie: owner.cookie });
    }
    const edited = await a.request<Json>('PATCH', `/api/policies/${id}`, {
      cookie: owner.cookie,
      body: { name: 'Renamed Across Replicas' },
    });
    expect(edited.status).toBe(200);
    const mine = await b.get<Json>(`/api/policies/${id}`, { cookie: owner.cookie });
    expect(mine.body.policy.name).toBe('Renamed Across Replicas');
    await waitFor(
      async () =>
        (await b.get<Json>(`/api/policies/${id}`, { cookie: other.cookie })).body.policy.name ===
        'Renamed Across Replicas',
      5000,
      'the change event to reach the other replica',
    );
  });

  it('never puts a policy that is not published in a shared answer: its owner alone reads it', async () => {
    const owner = await replicas.signUp('Drafter');
    const other = await replicas.signUp('Outsider');
    const hidden = await newPolicy('Draft Not Shared', owner.id, 'under_review');
    await waitFor(
      async () => (await a.get(`/api/policies/${hidden}`, { cookie: owner.cookie })).status === 200,
      5000,
      'the draft to be read by its owner',
    );
    for (const client of [a, b]) {
      const own = await client.get<Json>('/api/policies?limit=200', { cookie: owner.cookie });
      expect(own.body.policies.map((p: Json) => p.id)).toContain(hidden);
      for (const options of [{ cookie: other.cookie }, {}]) {
        expect((await client.get(`/api/policies/${hidden}`, options)).status).toBe(404);
        const list = await client.get<Json>('/api/policies?limit=200', options);
        expect(list.body.policies.map((p: Json) => p.id)).not.toContain(hidden);
      }
    }
  });
});
