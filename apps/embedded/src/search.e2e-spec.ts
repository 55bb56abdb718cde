import { POLICY_FILES, waitFor } from '@pc/testing';
import { type Json, RulesetsHarness, type TestUser } from './testing/rulesets-e2e';

/**
 * The wire of GET /api/search through the gateway over NATS: one answer across policies and rulesets,
 * community and vendor, with facets; its pages; and its 4xx. The rules behind it are tested at the
 * service level for both kinds (apps/catalog/src/search, apps/rulesets/src/search).
 */
describe('GET /api/search: both kinds and both catalogs through the gateway over NATS', () => {
  const h = new RulesetsHarness();
  let owner: TestUser;
  let policyId: string;
  let rulesetId: string;
  const word = `xerus${Date.now().toString(36)}`;

  /** A policy submitted from a new repository of the source host (under review until approved). */
  async function submitPolicy(by: TestUser, name: string, description: string) {
    const { webUrl } = await h.control.createRepository({
      owner: 'community',
      name: `policy-search-${h.next()}`,
      files: POLICY_FILES,
    });
    const submitted = await h.http.post<Json>(
      '/api/submissions',
      {
        name,
        description,
        category: 'Security',
        sourceHostUrl: webUrl,
        docTabs: [{ key: 'configuration', title: 'Configuration', bodyMd: 'None.' }],
      },
      { token: by.token },
    );
    expect(submitted.status).toBe(201);
    return submitted;
  }

  beforeAll(async () => {
    await h.start();
    owner = await h.newUser();
    ({ rulesetId } = await h.published(owner.token, {
      name: `Burrow ${word} Rules`,
      description: `Every ${word} API must be documented.`,
      category: 'Security',
    }));
    const submitted = await submitPolicy(owner, `Anteater ${word} Guard`, `Guards every ${word} burrow.`);
    policyId = submitted.body.submission.policyId as string;
    const approved = await h.http.post(
      `/api/admin/submissions/${submitted.body.submission.id}/approve`,
      {},
      { cookie: h.admin },
    );
    expect(approved.status).toBe(200);
  }, 120_000);
  afterAll(() => h.stop());

  it('answers a word of both kinds exactly, each item with its kind, catalog and counts, and the facets', async () => {
    const found = await h.http.get<Json>(`/api/search?q=${word}`);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({
      match: 'exact',
      total: 2,
      hasMore: false,
      nextCursor: null,
      facets: { kinds: { policy: 1, ruleset: 1 }, catalogs: { community: 2, vendor: 0 } },
    });
    expect(found.body.items).toEqual([
      expect.objectContaining({
        kind: 'policy',
        catalog: 'community',
        id: policyId,
        category: 'Security',
        counts: { likes: 0, deploys: 0 },
      }),
      expect.objectContaining({ kind: 'ruleset', catalog: 'community', id: rulesetId }),
    ]);
    expect(found.body.facets.categories).toEqual([{ category: 'Security', count: 2 }]);
    const rulesetsOnly = await h.http.get<Json>(`/api/search?q=${word}&kind=ruleset`);
    expect(rulesetsOnly.body.items.map((item: Json) => item.id)).toEqual([rulesetId]);
    // The kind facet still counts the other kind: each facet applies the other filters only.
    expect(rulesetsOnly.body.facets.kinds).toEqual({ policy: 1, ruleset: 1 });
    expect(rulesetsOnly.body.total).toBe(1);
  });

  it('falls back to near matches, marked so, only when nothing matches exactly', async () => {
    const near = await h.http.get<Json>(`/api/search?q=${word.slice(0, 8)}`);
    expect(near.body.match).toBe('near');
    expect(near.body.items.map((item: Json) => item.id)).toEqual([policyId, rulesetId]);
  });

  it('shows both catalogs on the first screen: vendor items beside community ones, with counts', async () => {
    const first = await h.http.get<Json>('/api/search?limit=100');
    expect(first.body.match).toBeNull();
    const catalogs = new Set(first.body.items.map((item: Json) => `${item.kind}/${item.catalog}`));
    expect(catalogs).toEqual(
      new Set(['policy/community', 'policy/vendor', 'ruleset/community', 'ruleset/vendor']),
    );
    expect(first.body.facets.catalogs.vendor).toBeGreaterThan(10);
    expect(first.body.items.find((item: Json) => item.slug === 'owasp-api-top-ten')).toMatchObject({
      kind: 'ruleset',
      catalog: 'vendor',
      id: null,
      counts: null,
    });
  });

  it('pages through every item by cursor, in name order, without repeats', async () => {
    const all = (await h.http.get<Json>('/api/search?limit=100')).body.items.map((item: Json) => item.slug);
    const walked: string[] = [];
    let cursor = '';
    for (let i = 0; i < 100; i++) {
      const next = await h.http.get<Json>(`/api/search?limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      expect(next.status).toBe(200);
      walked.push(...next.body.items.map((item: Json) => item.slug));
      if (!next.body.hasMore) break;
      cursor = next.body.nextCursor as string;
    }
    expect(walked).toEqual(all);
    const names = (await h.http.get<Json>('/api/search?limit=100')).body.items.map((item: Json) =>
      (item.name as string).toLowerCase(),
    );
    expect(names).toEqual([...names].sort());
  });

  it('orders the most liked, most deployed or newest first, vendor items after the community ones, by cursor', async () => {
    const liked = await h.http.post<Json>(`/api/rulesets/${rulesetId}/like`, {}, { token: owner.token });
    expect(liked.body).toEqual({ liked: true });
    const mostLiked = await h.http.get<Json>(`/api/search?sort=likes&limit=1`);
    expect(mostLiked.status).toBe(200);
    expect(mostLiked.body.items).toEqual([
      expect.objectContaining({ id: rulesetId, counts: { likes: 1, deploys: 0 } }),
    ]);
    // The newest first: both items of this test lead; a vendor item never comes before a community one.
    const newest = await h.http.get<Json>(`/api/search?sort=newest&limit=100`);
    const ids = newest.body.items.map((item: Json) => item.id);
    expect(ids.slice(0, 2).sort()).toEqual([policyId, rulesetId].sort());
    const catalogs = newest.body.items.map((item: Json) => item.catalog as string).join(',');
    expect(catalogs).toMatch(/^(community,)+(vendor,)*vendor$/);
    for (const sort of ['likes', 'deploys', 'newest']) {
      const all = (await h.http.get<Json>(`/api/search?sort=${sort}&limit=100`)).body.items;
      const walked: Json[] = [];
      let cursor = '';
      for (let i = 0; i < 100; i++) {
        const next = await h.http.get<Json>(
          `/api/search?sort=${sort}&limit=7${cursor ? `&cursor=${cursor}` : ''}`,
        );
        walked.push(...next.body.items);
        if (!next.body.hasMore) break;
        cursor = next.body.nextCursor as string;
      }
      expect([sort, walked.map((item) => item.slug)]).toEqual([sort, all.map((item: Json) => item.slug)]);
      // A cursor pages the sort it was made for only.
      const other = await h.http.get<Json>(`/api/search?sort=name&cursor=${cursor}`);
      expect([sort, other.status, other.body.details]).toEqual([
        sort,
        400,
        [{ field: 'cursor', message: 'is not a nextCursor this search returned' }],
      ]);
    }
  });

  it("answers anonymous searches from the cache with a tag, a caller's unpublished item to them alone, a like at once", async () => {
    // A policy under review: its owner finds it, nobody else does.
    const submitter = await h.newUser();
    const hidden = `pangolin${Date.now().toString(36)}`;
    await submitPolicy(submitter, `Scaly ${hidden} Guard`, `Guards every ${hidden}.`);
    // The change events of the writes above may still come in: an answer read while one did is of two
    // versions and carries no tag, and one read before it is renewed. Once they are in: a tag, then 304.
    const search = (headers: Record<string, string> = {}) =>
      h.http.get<Json>(`/api/search?q=${hidden}`, { headers });
    let anonymous = await search();
    let again = anonymous;
    await waitFor(
      async () => {
        anonymous = await search();
        const tag = anonymous.headers.get('etag');
        if (tag === null) return false;
        again = await search({ 'if-none-match': tag });
        return again.status === 304;
      },
      10_000,
      'an anonymous search with a tag that a conditional search then answers 304',
    );
    expect(anonymous.body.total).toBe(0);
    expect(anonymous.headers.get('etag')).toMatch(/^"[^"]+"$/);
    expect(anonymous.headers.get('cache-control')).toBe('no-cache');
    expect(again.status).toBe(304);
    const theirs = await h.http.get<Json>(`/api/search?q=${hidden}`, { token: submitter.token });
    expect(theirs.body.items.map((item: Json) => item.name)).toEqual([`Scaly ${hidden} Guard`]);
    expect(theirs.headers.get('cache-control')).toBe('private, no-store');
    expect(theirs.headers.get('etag')).toBeNull();
    const stranger = await h.newUser();
    expect((await h.http.get<Json>(`/api/search?q=${hidden}`, { token: stranger.token })).body.total).toBe(0);

    // A like shows at once, in the liker's search and in everyone's.
    const before = (await h.http.get<Json>(`/api/search?q=${word}&kind=policy`)).body.items[0];
    const liked = await h.http.post<Json>(`/api/policies/${policyId}/like`, {}, { token: stranger.token });
    expect(liked.status).toBe(200);
    const likes = (before.counts as Json).likes + 1;
    for (const token of [stranger.token, undefined]) {
      const after = await h.http.get<Json>(`/api/search?q=${word}&kind=policy`, token ? { token } : {});
      expect(after.body.items[0]).toMatchObject({ id: policyId, counts: { likes } });
    }
  });

  it('pages a hand-made cursor of a sort whose rank is past any count without failing', async () => {
    const cursor = Buffer.from(
      JSON.stringify(['search', null, 'a', 'policy', 'community', policyId, 'likes', 2 ** 40]),
    ).toString('base64url');
    const page = await h.http.get<Json>(`/api/search?sort=likes&cursor=${cursor}`);
    expect(page.status).toBe(200);
    expect(page.body.items.every((item: Json) => item.catalog === 'vendor')).toBe(true);
  });

  it('answers a sort it does not know with 400 JSON naming the parameter', async () => {
    const bad = await h.http.get<Json>('/api/search?sort=popular');
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toMatch(/application\/json/);
    expect(JSON.stringify(bad.body)).toMatch(
      /sort must be one of the following values: name, likes, deploys, newest/,
    );
  });

  it("answers 400 JSON naming q to a NUL character in it, on the search and on both kinds' lists of both catalogs", async () => {
    const lists = [
      '/api/search?',
      '/api/search?catalog=vendor&',
      '/api/rulesets?',
      '/api/rulesets?source=vendor&',
      '/api/policies?',
      '/api/policies?source=vendor&',
    ];
    for (const list of lists)
      for (const q of ['%00', 'a%00b', `${word}%00`]) {
        const bad = await h.http.get<Json>(`${list}q=${q}`);
        expect([list, q, bad.status, bad.headers.get('content-type'), bad.body.details]).toEqual([
          list,
          q,
          400,
          expect.stringMatching(/application\/json/),
          [{ field: 'q', message: 'q must not contain NUL characters' }],
        ]);
      }
  });

  it('answers 400 to a parameter out of its limits or a cursor it did not make, 401 to a bad token', async () => {
    for (const query of [
      'limit=0',
      'limit=101',
      'kind=widget',
      'catalog=partner',
      'cursor=not-a-cursor',
      `q=${'a'.repeat(201)}`,
    ])
      expect([(await h.http.get(`/api/search?${query}`)).status, query]).toEqual([400, query]);
    expect((await h.http.get('/api/search', { token: 'pcat_not-a-token' })).status).toBe(401);
  });
});
