// The catalog: one search across policies and rulesets, community and vendor (GET /api/search), with the
// counts per kind, catalog and category beside the filters; search as you type, paging by cursor, in
// the chosen order. With no filter set it opens on rows of the most liked, most deployed, newest and
// vendor items above everything by name. A kind's own filters (a policy's direction and asset kind, a
// ruleset's scope) read that kind's list (GET /api/policies, GET /api/rulesets). The same page, with its
// kind fixed, is the rulesets' (/rulesets).
import { TARGET_SCOPES } from '@pc/contracts';
import { useEffect, useRef, useState } from 'react';
import { api, ok, type Schemas } from '../api/client';
import type { paths } from '@policy-catalog/sdk';
import { FirstScreen, type Shelf } from '../first-screen';
import { count, itemKey, ListingCard, type ListingItem as Item } from '../listing-card';
import { navigate, useLocation } from '../router';
import { useCursorPages, useDebounced } from '../ui/async';
import { plural } from '../ui/display';
import { SelectField, TextField } from '../ui/fields';
import { ErrorMessage, LoadMore, Loading, Page } from '../ui/page';

type Facets = Schemas['SearchFacetsDto'];
type Query = NonNullable<paths['/api/search']['get']['parameters']['query']>;
type PolicyQuery = NonNullable<paths['/api/policies']['get']['parameters']['query']>;
type RulesetQuery = NonNullable<paths['/api/rulesets']['get']['parameters']['query']>;

const FILTERS = ['q', 'kind', 'catalog', 'category', 'direction', 'assetKind', 'scope', 'sort'] as const;
type Filter = (typeof FILTERS)[number];
type Filters = Record<Filter, string>;

/** The orders of the search; a kind's own list has fewer (its `sorts`). */
const SORTS: Array<[string, string]> = [
  ['', 'Name'],
  ['likes', 'Most liked'],
  ['deploys', 'Most deployed'],
  ['newest', 'Newest'],
];

/** A sort as the search takes it (`submitted`, the policy list's word, is the newest first). */
function searchSort(sort: string): Query['sort'] {
  if (sort === 'submitted') return 'newest';
  return (SORTS.some(([value]) => value === sort) && sort ? sort : undefined) as Query['sort'];
}

/** A row of a kind's own list: a vendor item (by slug), or a community one with its counts. */
type ListRow =
  | { slug: string; name: string; summary: string; category: string | null }
  | {
      id: string;
      slug?: string;
      name: string;
      description: string;
      category: string | null;
      likes: number;
      deploys: number;
      /** A policy's status; a ruleset's says it by `published_at` and `lifecycle_status`. */
      status?: Item['status'];
      published_at?: string | null;
      lifecycle_status?: Item['status'];
    };

/** A row of a kind's own list as a search result. */
function fromList(kind: Item['kind'], item: ListRow): Item {
  const found = { kind, name: item.name, category: item.category };
  if (!('id' in item))
    return {
      ...found,
      catalog: 'vendor',
      id: null,
      slug: item.slug,
      summary: item.summary,
      counts: null,
      published: true,
      status: 'published',
    };
  return {
    ...found,
    catalog: 'community',
    id: item.id,
    slug: item.slug ?? item.id,
    summary: item.description,
    counts: { likes: item.likes, deploys: item.deploys },
    ...publication(item),
  };
}

/**
 * Whether a list's community row is published, and if not where it stands: a policy's status, a ruleset's
 * lifecycle status (one published once stays published while an update of it is reviewed).
 */
function publication(item: Extract<ListRow, { id: string }>): Pick<Item, 'published' | 'status'> {
  const status =
    item.status ?? (item.published_at !== null ? 'published' : (item.lifecycle_status ?? 'under_review'));
  return { published: status === 'published', status };
}

type Found = {
  items: Item[];
  next: string | null;
  facets?: Facets;
  total?: number;
  countsCapped?: boolean;
  match?: Schemas['SearchResultDto']['match'];
};

/** A filter of a kind's own: a choice of values, the first ('') any. */
type OwnFilter = { name: Filter; label: string; options: Array<[string, string]> };

/** A kind's own filters: with one of them set, the kind's own list answers (the search has none of them). */
interface OwnFilters {
  filters: OwnFilter[];
  /** The orders the kind's list has. */
  sorts: ReadonlySet<string>;
  /** Its items, one and many (the live count of its list). */
  noun: [string, string];
  list(filters: Filters, cursor?: string): Promise<Found>;
}

/** What a kind's own list takes of the search's filters: words, category, catalog (community unless vendor). */
const ownListQuery = (filters: Filters) => ({
  q: filters.q.trim() || undefined,
  category: filters.category.trim() || undefined,
  source: filters.catalog === 'vendor' ? ('vendor' as const) : ('community' as const),
  limit: 24,
});

const OWN_FILTERS: Record<'policy' | 'ruleset', OwnFilters> = {
  policy: {
    filters: [
      {
        name: 'direction',
        label: 'Direction',
        options: [
          ['', 'Any'],
          ['inbound', 'Inbound'],
          ['outbound', 'Outbound'],
        ],
      },
      {
        name: 'assetKind',
        label: 'Asset kind',
        options: [
          ['', 'Any'],
          ['api', 'API'],
          ['agent', 'Agent'],
          ['llm', 'LLM'],
          ['mcp', 'MCP'],
        ],
      },
    ],
    sorts: new Set(['', 'newest']),
    noun: ['policy', 'policies'],
    async list(filters, cursor) {
      const query: PolicyQuery = {
        ...ownListQuery(filters),
        direction: (filters.direction || undefined) as PolicyQuery['direction'],
        assetKind: (filters.assetKind || undefined) as PolicyQuery['assetKind'],
        sort: searchSort(filters.sort) === 'newest' ? 'submitted' : undefined,
        cursor,
      };
      const page = await ok(api.GET('/api/policies', { params: { query } }));
      return {
        items: page.policies.map((row) => fromList('policy', row)),
        next: page.hasMore ? page.nextCursor : null,
      };
    },
  },
  ruleset: {
    filters: [
      {
        name: 'scope',
        label: 'Scope',
        options: [['', 'Any'], ...TARGET_SCOPES.map((scope): [string, string] => [scope, scope])],
      },
    ],
    sorts: new Set(['', 'newest', 'likes']),
    noun: ['ruleset', 'rulesets'],
    // The ruleset list pages by offset: the cursor is the offset of the next page.
    async list(filters, cursor) {
      const offset = Number(cursor ?? 0);
      const sort = searchSort(filters.sort);
      const query: RulesetQuery = {
        ...ownListQuery(filters),
        scope: (filters.scope || undefined) as RulesetQuery['scope'],
        sort: sort === 'newest' ? 'submitted' : sort === 'likes' ? 'likes' : undefined,
        offset,
      };
      const page = await ok(api.GET('/api/rulesets', { params: { query } }));
      return {
        items: page.rulesets.map((row) => fromList('ruleset', row)),
        next: page.hasMore ? String(offset + page.rulesets.length) : null,
      };
    },
  },
};

/** The kind's own filters that answer for these filters, if one of them is set. */
function ownListOf(filters: Filters): OwnFilters | null {
  if (filters.kind !== 'policy' && filters.kind !== 'ruleset') return null;
  const own = OWN_FILTERS[filters.kind];
  return own.filters.some(({ name }) => filters[name] !== '') ? own : null;
}

/**
 * The Category choice: any, then each category that exists with its count, most frequent first. A
 * category set otherwise (an address typed in another case, or one no item has now) is matched in any
 * case, as the search matches it, and kept as a choice of its own when none matches.
 */
function categoryChoice(
  categories: Facets['categories'],
  chosen: string,
): { value: string; options: Array<[string, string]> } {
  const options: Array<[string, string]> = [
    ['', 'Any'],
    ...categories.map((c): [string, string] => [c.category, `${c.category} (${c.count})`]),
  ];
  if (!chosen) return { value: '', options };
  const listed = categories.find((c) => c.category.toLowerCase() === chosen.toLowerCase());
  return listed
    ? { value: listed.category, options }
    : { value: chosen, options: [...options, [chosen, chosen]] };
}

/** What a catalog page lists: both kinds (`/`, `/policies`), or one (`/rulesets`). */
interface CatalogScope {
  title: string;
  /** The one kind the page lists (its Kind filter is not offered), or null for both. */
  kind: 'ruleset' | null;
}

const EVERYTHING: CatalogScope = { title: 'Policies and rulesets', kind: null };
const RULESETS: CatalogScope = { title: 'Rulesets', kind: 'ruleset' };

export default function Catalog() {
  return <CatalogOf scope={EVERYTHING} />;
}

export function RulesetCatalog() {
  return <CatalogOf scope={RULESETS} />;
}

function CatalogOf({ scope }: { scope: CatalogScope }) {
  const { query } = useLocation();
  // Each filter as `valueOf` gives it; the page's own kind always set.
  const filtersOf = (valueOf: (name: Filter) => string): Filters => ({
    ...(Object.fromEntries(FILTERS.map((f) => [f, valueOf(f)])) as Filters),
    ...(scope.kind ? { kind: scope.kind } : {}),
  });
  // The filters the user set, the search's words among them (the page's own kind is in its path).
  const setByUser = (f: Filters): Filter[] =>
    FILTERS.filter((name) => f[name] !== '' && !(name === 'kind' && scope.kind));
  const [filters, setFilters] = useState<Filters>(() => filtersOf((f) => query.get(f) ?? ''));
  const settled = useDebounced(filters, 250);
  // On a phone the filters past the search fold away, so that the results start on the first screen.
  const [moreFilters, setMoreFilters] = useState(false);
  // The filters the user set past the search.
  const activeFilters = setByUser(filters).filter((name) => name !== 'q').length;

  // A kind's own filters apply to that kind only: with one of them, the kind's list answers.
  const ownList = ownListOf(settled);
  const ownListMode = ownListOf(filters);
  // No filter set on the page of both kinds: the first screen (rows of the most liked, deployed, newest
  // and vendor items).
  const firstScreen = !scope.kind && FILTERS.every((name) => settled[name] === '');
  const fetchPage = async (cursor?: string): Promise<Found> => {
    if (ownList) return ownList.list(settled, cursor);
    const q = settled.q.trim() || undefined;
    const category = settled.category.trim() || undefined;
    const query: Query = {
      q,
      kind: (settled.kind || undefined) as Query['kind'],
      catalog: (settled.catalog || undefined) as Query['catalog'],
      category,
      sort: searchSort(settled.sort),
      limit: 24,
      cursor,
    };
    const page = await ok(api.GET('/api/search', { params: { query } }));
    return {
      items: page.items,
      next: page.hasMore ? page.nextCursor : null,
      facets: page.facets,
      total: page.total,
      countsCapped: page.countsCapped,
      match: page.match,
    };
  };

  useEffect(() => {
    // The address keeps the filters the user set.
    const search = new URLSearchParams(setByUser(settled).map((name) => [name, settled[name]]));
    const target = `${location.pathname}${search.size ? `?${search.toString()}` : ''}`;
    if (target !== `${location.pathname}${location.search}`) navigate(target, { replace: true });
  }, [settled]);
  // A page of an earlier search, still on its way when the filters change, is dropped.
  const found = useCursorPages(fetchPage, [settled], itemKey);
  const { items, loading, error } = found;
  const answer = found.data?.facets
    ? {
        facets: found.data.facets,
        total: found.data.total ?? 0,
        countsCapped: found.data.countsCapped ?? false,
        match: found.data.match ?? null,
      }
    : undefined;

  const set = (name: Filter) => (e: { target: { value: string } }) => {
    const next = { ...filters, [name]: e.target.value };
    // A kind's own list has fewer orders than the search.
    const own = ownListOf(next);
    if (own && !own.sorts.has(searchSort(next.sort) ?? '')) next.sort = '';
    setFilters(next);
  };
  const seeAll = (shown: Shelf['filters']) => {
    setFilters({ ...filters, sort: shown.sort ?? '', catalog: shown.catalog ?? '' });
    // The row's button goes with the rows: the focus moves to the page's start, as after a navigation.
    document.getElementById('page-title')?.focus();
    window.scrollTo({ top: 0 });
  };
  // Words searched, and no other filter set.
  const onlyWords = setByUser(settled).every((name) => name === 'q');
  // Everything again (the page's own kind stays), the focus in the search box to type anew.
  const searchForm = useRef<HTMLFormElement>(null);
  const clearAll = () => {
    setFilters(filtersOf(() => ''));
    searchForm.current?.querySelector('input')?.focus();
  };
  const facets = answer?.facets;
  const withCount = (label: string, n: number | undefined) => (n === undefined ? label : `${label} (${n})`);
  // The categories to choose from are the ones that exist, with their counts (the search's facets, each
  // counted with the other filters applied); a kind's own list has no facets: the last ones read stay.
  const [categories, setCategories] = useState<Facets['categories']>([]);
  useEffect(() => {
    if (facets) setCategories(facets.categories);
  }, [facets]);
  const category = categoryChoice(categories, filters.category);

  return (
    <Page title={scope.title}>
      <form className="filters fitted" role="search" ref={searchForm} onSubmit={(e) => e.preventDefault()}>
        <TextField
          label="Search"
          type="search"
          placeholder="name, category, description…"
          value={filters.q}
          onChange={set('q')}
        />
        <button
          type="button"
          className="secondary filters-toggle"
          aria-expanded={moreFilters}
          aria-controls="more-filters"
          onClick={() => setMoreFilters((open) => !open)}
        >
          Filters and order{activeFilters > 0 ? ` (${activeFilters})` : ''}
        </button>
        <div id="more-filters" className={`more-filters${moreFilters ? ' open' : ''}`}>
          {scope.kind ? null : (
            <SelectField
              label="Kind"
              value={filters.kind}
              onChange={set('kind')}
              options={[
                ['', 'Policies and rulesets'],
                ['policy', withCount('Policies', facets?.kinds.policy)],
                ['ruleset', withCount('Rulesets', facets?.kinds.ruleset)],
              ]}
            />
          )}
          <SelectField
            label="Catalog"
            value={filters.catalog}
            onChange={set('catalog')}
            options={[
              ['', 'Community and vendor'],
              ['community', withCount('Community', facets?.catalogs.community)],
              ['vendor', withCount('Vendor', facets?.catalogs.vendor)],
            ]}
          />
          <SelectField
            label="Category"
            value={category.value}
            onChange={set('category')}
            options={category.options}
          />
          {filters.kind === 'policy' || filters.kind === 'ruleset'
            ? OWN_FILTERS[filters.kind].filters.map(({ name, label, options }) => (
                <SelectField
                  key={name}
                  label={label}
                  value={filters[name]}
                  onChange={set(name)}
                  options={options}
                />
              ))
            : null}
          <SelectField
            label="Sort"
            value={searchSort(filters.sort) ?? ''}
            onChange={set('sort')}
            options={ownListMode ? SORTS.filter(([value]) => ownListMode.sorts.has(value)) : SORTS}
          />
        </div>
      </form>
      {facets ? (
        <section aria-label="Counts" className="facets">
          {/* A page of one kind counts that kind only: the other's count is not of what it lists. */}
          <p className="meta">
            {scope.kind ? null : <>{count(facets.kinds.policy, 'policy', 'policies')} · </>}
            {count(facets.kinds.ruleset, 'ruleset', 'rulesets')} · {facets.catalogs.community} community ·{' '}
            {facets.catalogs.vendor} vendor
          </p>
          {answer?.countsCapped ? (
            <p className="hint">
              A search counts up to 10,000 items of each kind: there are at least as many.
            </p>
          ) : null}
          {facets.categories.length > 0 ? (
            <ul aria-label="Categories" className="chips">
              {facets.categories.map((c) => (
                <li key={c.category}>
                  <button
                    type="button"
                    className="secondary"
                    aria-pressed={filters.category.toLowerCase() === c.category.toLowerCase()}
                    onClick={() =>
                      setFilters({
                        ...filters,
                        category:
                          filters.category.toLowerCase() === c.category.toLowerCase() ? '' : c.category,
                      })
                    }
                  >
                    {c.category} <span className="count">({c.count})</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
      <ErrorMessage error={error} retry={found.reload} />
      <p className="visually-hidden" role="status" aria-live="polite">
        {loading
          ? ''
          : answer
            ? plural(answer.total, 'result')
            : `${items.length}${found.hasMore ? '+' : ''} ${(ownList?.noun ?? ['result', 'results'])[items.length === 1 && !found.hasMore ? 0 : 1]}`}
      </p>
      {!loading && answer?.match === 'near' && items.length > 0 ? (
        <p className="hint">Nothing has these exact words: showing near matches.</p>
      ) : null}
      {!loading && !error && items.length === 0 ? (
        firstScreen ? (
          <p>The catalog is empty.</p>
        ) : (
          <NothingMatches words={onlyWords ? settled.q.trim() : ''} clear={clearAll} />
        )
      ) : null}
      {firstScreen ? <FirstScreen community={facets?.catalogs.community} seeAll={seeAll} /> : null}
      {firstScreen ? (
        <h2 id="everything" className="shelf-title">
          Everything, by name
        </h2>
      ) : null}
      <ul className="cards" aria-labelledby={firstScreen ? 'everything' : undefined}>
        {items.map((item) => (
          <ListingCard key={itemKey(item)} item={item} heading={firstScreen ? 'h3' : 'h2'} />
        ))}
      </ul>
      {loading ? <Loading /> : null}
      <LoadMore pages={found} />
    </Page>
  );
}

/**
 * What a search that found nothing says: the words searched (when only words were given; else that the
 * filters leave nothing) and the way back to everything.
 */
function NothingMatches({ words, clear }: { words: string; clear: () => void }) {
  return (
    <>
      <p>
        {words ? `Nothing matches “${words}”.` : 'Nothing matches these filters.'} Try other words or fewer
        filters.
      </p>
      <p>
        <button type="button" className="secondary" onClick={clear}>
          Clear the search and filters
        </button>
      </p>
    </>
  );
}
