import {
  type ListingKind,
  type ListingSearchRequest,
  type ListingSearchResult,
  type ListingSearchHit,
  type ListingStatus,
  type RequestContext,
  type RpcDescriptor,
  SEARCH_LIMITS,
  type SearchAfter,
  type SearchSort,
} from '@pc/contracts';

/** A community item a test inserts, published unless `draftOf` names its owner. */
export interface SearchSeed {
  name: string;
  description: string;
  category: string;
  draftOf?: string;
  /** A draft's lifecycle status (default `under_review`): one of the kind's `draftStatuses`. */
  status?: ListingStatus;
  /** Its counts and when it was added (defaults: none, now). */
  likes?: number;
  deploys?: number;
  createdAt?: Date;
}

/** What the rules need of a kind's service under test. */
export interface ListingSearchSubject {
  kind: ListingKind;
  descriptor: RpcDescriptor<ListingSearchRequest, ListingSearchResult>;
  request: (ctx: RequestContext, data: ListingSearchRequest) => Promise<ListingSearchResult>;
  seed: (item: SearchSeed) => Promise<string>;
  /** Inserts many published items in one statement. */
  seedAll: (items: SearchSeed[]) => Promise<void>;
  /** The statuses an unpublished item of the kind can be in (a policy is never sent back to improve). */
  draftStatuses: ListingStatus[];
  /** A word of one vendor item of the kind, and that item's slug. */
  vendor: { word: string; slug: string };
  category: string;
  anonymous: () => RequestContext;
  as: (userId: string) => RequestContext;
  /** The names the kind's own list (`GET /policies`, `GET /rulesets`) answers for `q`, anonymously. */
  list: (q: string) => Promise<string[]>;
}

const OWNER = '00000000-0000-4000-8000-0000000000a1';
/** The owner of one draft in each lifecycle status (apart from OWNER, whose one draft the other rules read). */
const AUTHOR = '00000000-0000-4000-8000-0000000000a2';

/**
 * The rules of a kind's answer to the search across kinds (`*.listing.search.v1`), written once and run
 * for every kind (apps/catalog/src/search, apps/rulesets/src/search): exact words alone when there are
 * any, near matches as the fallback, counts per catalog and category, visibility, and the order and
 * cursor of the merged pages.
 */
export function listingSearchRules(subject: () => ListingSearchSubject): void {
  const page = (limit = 20, match: 'exact' | 'near' | null = 'exact') => ({ match, after: null, limit });
  const names = (result: ListingSearchResult) => result.items.map((item) => item.name);
  const ids = new Map<string, string>();

  beforeAll(async () => {
    const s = subject();
    for (const item of [
      { name: 'Zephyr Gate', description: 'Counts every quokka that passes.', category: s.category },
      { name: 'Quokkas Shield', description: 'Guards the burrow.', category: s.category },
      { name: 'Quokkalike Filter', description: 'Filters.', category: s.category },
      { name: 'Hidden Quokka Draft', description: 'Not yet reviewed.', category: s.category, draftOf: OWNER },
    ])
      ids.set(item.name, await s.seed(item));
  });

  it('answers the counts alone without a page, and a page of the kind in name order with one', async () => {
    const s = subject();
    const counts = await s.request(s.anonymous(), { q: 'quokka' });
    expect(counts.items).toEqual([]);
    expect(counts.counts).toEqual(
      expect.arrayContaining([{ catalog: 'community', category: s.category, exact: 1, near: 3 }]),
    );
    const near = await s.request(s.anonymous(), { q: 'quokk', page: page(20, 'near') });
    expect(names(near)).toEqual(['Quokkalike Filter', 'Quokkas Shield', 'Zephyr Gate']);
    expect(near.items[0]).toMatchObject({
      kind: s.kind,
      catalog: 'community',
      id: ids.get('Quokkalike Filter'),
      category: s.category,
      counts: { likes: 0, deploys: 0 },
    });
  });

  it('matches exactly only items having every word as a word; a longer word or a plural is near', async () => {
    const s = subject();
    expect(names(await s.request(s.anonymous(), { q: 'quokka', page: page() }))).toEqual(['Zephyr Gate']);
    expect(names(await s.request(s.anonymous(), { q: 'QUOKKAS', page: page() }))).toEqual(['Quokkas Shield']);
    expect(names(await s.request(s.anonymous(), { q: 'quokka burrow', page: page() }))).toEqual([]);
    const fuzzy = await s.request(s.anonymous(), { q: 'quokk' });
    expect(fuzzy.counts.reduce((sum, count) => sum + count.exact, 0)).toBe(0);
  });

  it('applies the same rule to the kind’s own list: exact words alone, near matches only without them', async () => {
    const s = subject();
    expect(await s.list('quokka')).toEqual(['Zephyr Gate']);
    expect(await s.list('quokkas')).toEqual(['Quokkas Shield']);
    expect(await s.list('quokk')).toEqual(['Quokkalike Filter', 'Quokkas Shield', 'Zephyr Gate']);
  });

  it('shows a draft to its owner only, saying it is not published', async () => {
    const s = subject();
    expect(names(await s.request(s.anonymous(), { q: 'hidden', page: page() }))).toEqual([]);
    const own = await s.request(s.as(OWNER), { q: 'hidden', page: page() });
    expect(own.items).toEqual([
      expect.objectContaining({ name: 'Hidden Quokka Draft', published: false, status: 'under_review' }),
    ]);
    // What anyone sees is published, community and vendor alike.
    const all = await s.request(s.anonymous(), { page: page() });
    expect(all.items.length).toBeGreaterThan(0);
    expect(all.items.every((item) => item.published)).toBe(true);
  });

  it('tells the owner where each of their unpublished items stands, in every sort; anything else is published', async () => {
    const s = subject();
    const named = (status: ListingStatus) => `Wombat ${status.replace(/_/g, ' ')}`;
    for (const status of s.draftStatuses)
      await s.seed({
        name: named(status),
        description: 'A draft.',
        category: s.category,
        draftOf: AUTHOR,
        status,
      });
    const statuses = (result: ListingSearchResult) =>
      result.items.map((item) => [item.name, item.status, item.published]);
    const expected = s.draftStatuses.map((status) => [named(status), status, false]).sort();
    for (const sort of ['name', 'newest'] as const) {
      const own = await s.request(s.as(AUTHOR), { q: 'wombat', sort, page: page() });
      expect(statuses(own).sort()).toEqual(expected);
    }
    expect(names(await s.request(s.anonymous(), { q: 'wombat', page: page() }))).toEqual([]);
    // Another's view of the catalog, community and vendor: published items only, each saying so.
    const all = await s.request(s.as(OWNER), { page: page(100, null) });
    expect(all.items.some((item) => item.catalog === 'vendor')).toBe(true);
    expect(
      all.items
        .filter((item) => item.name !== 'Hidden Quokka Draft')
        .every((item) => item.status === 'published'),
    ).toBe(true);
  });

  it('finds the vendor items by their words, counted under the vendor catalog, read by slug', async () => {
    const s = subject();
    const found = await s.request(s.anonymous(), { q: s.vendor.word, page: page() });
    expect(found.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: s.kind,
          catalog: 'vendor',
          id: null,
          slug: s.vendor.slug,
          counts: null,
          published: true,
          status: 'published',
        }),
      ]),
    );
    expect(found.counts.some((count) => count.catalog === 'vendor' && count.exact > 0)).toBe(true);
    const community = await s.request(s.anonymous(), {
      q: s.vendor.word,
      catalog: 'community',
      page: page(),
    });
    expect(community.items.filter((item) => item.catalog === 'vendor')).toEqual([]);
  });

  it('pages after a cursor item in the global order, community and vendor together, without repeats', async () => {
    const s = subject();
    const all = await s.request(s.anonymous(), { page: page(100, null) });
    expect(all.items.some((item) => item.catalog === 'vendor')).toBe(true);
    expect(all.items.some((item) => item.catalog === 'community')).toBe(true);
    const walked: string[] = [];
    let after = null;
    for (let i = 0; i < all.items.length + 1; i++) {
      const next: ListingSearchResult = await s.request(s.anonymous(), {
        page: { match: null, after, limit: 2 },
      });
      walked.push(...next.items.map((item) => item.slug));
      const last = next.items.at(-1);
      if (!next.hasMore || !last) break;
      after = { key: last.sortKey, kind: last.kind, catalog: last.catalog, ident: last.id ?? last.slug };
    }
    expect(walked).toEqual(all.items.map((item) => item.slug));
  });

  it('filters by category in any case', async () => {
    const s = subject();
    const found = await s.request(s.anonymous(), {
      q: 'quokk',
      category: s.category.toUpperCase(),
      page: page(20, 'near'),
    });
    expect(found.items).toHaveLength(3);
    const none = await s.request(s.anonymous(), {
      q: 'quokk',
      category: 'No Such Category',
      page: page(20, 'near'),
    });
    expect(none.items).toEqual([]);
  });

  describe('in the order of a sort', () => {
    // Ocelots: likes, deployments and age that order them differently; two ties decided by name.
    const ocelots = [
      { name: 'Ocelot Alpha', likes: 5, deploys: 1, age: 4 },
      { name: 'Ocelot Bravo', likes: 9, deploys: 0, age: 3 },
      { name: 'Ocelot Charlie', likes: 5, deploys: 7, age: 1 },
      { name: 'Ocelot Delta', likes: 0, deploys: 7, age: 2 },
    ];
    const expected: Record<Exclude<SearchSort, 'name'>, string[]> = {
      likes: ['Ocelot Bravo', 'Ocelot Alpha', 'Ocelot Charlie', 'Ocelot Delta'],
      deploys: ['Ocelot Charlie', 'Ocelot Delta', 'Ocelot Alpha', 'Ocelot Bravo'],
      newest: ['Ocelot Charlie', 'Ocelot Delta', 'Ocelot Bravo', 'Ocelot Alpha'],
    };
    const afterOf = (hit: ListingSearchHit): SearchAfter => ({
      rank: hit.rank,
      key: hit.sortKey,
      kind: hit.kind,
      catalog: hit.catalog,
      ident: hit.id ?? hit.slug,
    });

    beforeAll(async () => {
      const s = subject();
      // Days in the future, so that they are the newest of the test's items.
      const day = 24 * 3600 * 1000;
      for (const ocelot of ocelots)
        await s.seed({
          name: ocelot.name,
          description: 'Stalks the ocelot trail.',
          category: s.category,
          likes: ocelot.likes,
          deploys: ocelot.deploys,
          createdAt: new Date(Date.now() + (10 - ocelot.age) * day),
        });
    });

    it.each(['likes', 'deploys', 'newest'] as const)(
      'orders %s first, ties by name, and every vendor item after the community items, by name',
      async (sort) => {
        const s = subject();
        const found = await s.request(s.anonymous(), { sort, page: page(100, null) });
        expect(names(found).slice(0, 4)).toEqual(expected[sort]);
        const catalogs = found.items.map((item) => item.catalog);
        const firstVendor = catalogs.indexOf('vendor');
        expect(firstVendor).toBeGreaterThan(0);
        expect(catalogs.slice(firstVendor).every((catalog) => catalog === 'vendor')).toBe(true);
        const vendorKeys = found.items.slice(firstVendor).map((item) => item.sortKey);
        expect(vendorKeys).toEqual([...vendorKeys].sort());
        expect(
          found.items.slice(firstVendor).every((item) => item.counts === null && item.rank === null),
        ).toBe(true);
        const matched = await s.request(s.anonymous(), { q: 'ocelot', sort, page: page(20) });
        expect(names(matched)).toEqual(expected[sort]);
      },
    );

    it.each(['name', 'likes', 'deploys', 'newest'] as const)(
      'pages the %s order after a cursor item, across ties and into the vendor items, without repeats',
      async (sort) => {
        const s = subject();
        const all = await s.request(s.anonymous(), { sort, page: page(100, null) });
        const walked: string[] = [];
        let after: SearchAfter | null = null;
        for (let i = 0; i < all.items.length + 1; i++) {
          const next: ListingSearchResult = await s.request(s.anonymous(), {
            sort,
            page: { match: null, after, limit: 3 },
          });
          walked.push(...next.items.map((item) => item.id ?? item.slug));
          const last = next.items.at(-1);
          if (!next.hasMore || !last) break;
          after = afterOf(last);
        }
        expect(walked).toEqual(all.items.map((item) => item.id ?? item.slug));
        // A page of words keeps the sort too.
        const first = await s.request(s.anonymous(), { q: 'ocelot', sort, page: page(2) });
        const rest = await s.request(s.anonymous(), {
          q: 'ocelot',
          sort,
          page: { match: 'exact', after: afterOf(first.items[1]), limit: 20 },
        });
        expect([...names(first), ...names(rest)]).toEqual(
          sort === 'name' ? [...expected.likes].sort() : expected[sort],
        );
      },
    );
  });

  // Last: it leaves more items than a search counts.
  it('counts up to SEARCH_LIMITS.count.max matches and says so past it; pages reach matches past the first rows', async () => {
    const s = subject();
    const cap = SEARCH_LIMITS.count.max;
    const items = Array.from({ length: cap + 1 }, (_, i) => ({
      name: `Walrus Gate ${String(i).padStart(5, '0')}`,
      description: i % 700 === 699 ? 'Watches a narwhal.' : 'Watches the beach.',
      category: s.category,
    }));
    await s.seedAll(items);
    const sum = (result: ListingSearchResult, field: 'exact' | 'near') =>
      result.counts.filter((c) => c.catalog === 'community').reduce((n, c) => n + c[field], 0);

    const common = await s.request(s.anonymous(), { q: 'walrus', page: page(20) });
    expect(common.capped).toBe(true);
    expect(sum(common, 'exact')).toBeGreaterThanOrEqual(cap);
    expect(sum(common, 'near')).toBeGreaterThanOrEqual(cap);
    expect(names(common)).toEqual(items.slice(0, 20).map((item) => item.name));
    expect(common.hasMore).toBe(true);

    // 15 matches spread over the order: the first rows hold one, the search indexes find the rest.
    const rare = await s.request(s.anonymous(), { q: 'narwhal', page: page(20) });
    expect(rare.capped).toBe(false);
    const narwhals = items.filter((item) => item.description.includes('narwhal')).map((item) => item.name);
    expect(sum(rare, 'exact')).toBe(narwhals.length);
    expect(names(rare)).toEqual(narwhals);
    expect(rare.hasMore).toBe(false);

    // The counts alone, asked without them: nothing counted, the page as before.
    const uncounted = await s.request(s.anonymous(), { q: 'narwhal', counts: false, page: page(20) });
    expect(uncounted.counts).toEqual([]);
    expect(names(uncounted)).toEqual(narwhals);
  });
}
