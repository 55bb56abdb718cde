// The catalog: one search across policies and rulesets, community and vendor (GET /api/search), with the
// counts per kind, catalog and category beside the filters; search as you type, paging by cursor, in
// the chosen order. With no filter set it opens on rows of the most liked, most deployed, newest and
// vendor items above everything by name. The policies' own filters (direction, asset kind) read the
// policy list (GET /api/policies).
import { useEffect, useState } from 'react';
import { api, ok, type Schemas } from '../api/client';
import type { paths } from '@policy-catalog/sdk';
import { FirstScreen, type Shelf } from '../first-screen';
import { count, itemKey, ListingCard, type ListingItem as Item } from '../listing-card';
import { navigate, useLocation } from '../router';
import { ErrorMessage, Loading, Page, plural, SelectField, TextField, useDebounced } from '../ui';

type Facets = Schemas['SearchFacetsDto'];
type Query = NonNullable<paths['/api/search']['get']['parameters']['query']>;
type PolicyQuery = NonNullable<paths['/api/policies']['get']['parameters']['query']>;
type PolicyItem = Schemas['PolicyListDto']['policies'][number];

const FILTERS = ['q', 'kind', 'catalog', 'category', 'direction', 'assetKind', 'sort'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

/** The orders of the search; the policy list (direction or asset kind set) has name and newest only. */
const SORTS: Array<[string, string]> = [
  ['', 'Name'],
  ['likes', 'Most liked'],
  ['deploys', 'Most deployed'],
  ['newest', 'Newest'],
];
const POLICY_LIST_SORTS = new Set(['', 'newest']);

/** A sort as the search takes it (`submitted`, the policy list's word, is the newest first). */
function searchSort(sort: string): Query['sort'] {
  if (sort === 'submitted') return 'newest';
  return (SORTS.some(([value]) => value === sort) && sort ? sort : undefined) as Query['sort'];
}

/** A row of the policy list as a search result. */
function fromPolicyList(item: PolicyItem): Item {
  if (!('id' in item))
    return {
      kind: 'policy',
      catalog: 'vendor',
      id: null,
      slug: item.slug,
      name: item.name,
      summary: item.summary,
      category: item.category,
      counts: null,
    };
  return {
    kind: 'policy',
    catalog: 'community',
    id: item.id,
    slug: item.slug,
    name: item.name,
    summary: item.description,
    category: item.category,
    counts: { likes: item.likes, deploys: item.deploys },
  };
}

type Found = {
  items: Item[];
  next: string | null;
  facets?: Facets;
  total?: number;
  countsCapped?: boolean;
  match?: Schemas['SearchResultDto']['match'];
};

export default function Catalog() {
  const { query } = useLocation();
  const [filters, setFilters] = useState<Filters>(
    () => Object.fromEntries(FILTERS.map((f) => [f, query.get(f) ?? ''])) as Filters,
  );
  const settled = useDebounced(filters, 250);
  const [items, setItems] = useState<Item[]>([]);
  const [answer, setAnswer] = useState<{
    facets: Facets;
    total: number;
    countsCapped: boolean;
    match: Schemas['SearchResultDto']['match'];
  }>();
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  // On a phone the filters past the search fold away, so that the results start on the first screen.
  const [moreFilters, setMoreFilters] = useState(false);
  const activeFilters = FILTERS.filter((name) => name !== 'q' && filters[name] !== '').length;

  // The policies' own filters apply to policies only: with one of them, the policy list answers.
  const policyList = settled.kind === 'policy' && Boolean(settled.direction || settled.assetKind);
  const policyListMode = filters.kind === 'policy' && Boolean(filters.direction || filters.assetKind);
  // No filter set: the first screen (rows of the most liked, deployed, newest and vendor items).
  const firstScreen = FILTERS.every((name) => settled[name] === '');
  const fetchPage = async (cursor?: string): Promise<Found> => {
    const q = settled.q.trim() || undefined;
    const category = settled.category.trim() || undefined;
    if (policyList) {
      const query: PolicyQuery = {
        q,
        category,
        source: settled.catalog === 'vendor' ? 'vendor' : 'community',
        direction: (settled.direction || undefined) as PolicyQuery['direction'],
        assetKind: (settled.assetKind || undefined) as PolicyQuery['assetKind'],
        sort: searchSort(settled.sort) === 'newest' ? 'submitted' : undefined,
        limit: 24,
        cursor,
      };
      const page = await ok(api.GET('/api/policies', { params: { query } }));
      return { items: page.policies.map(fromPolicyList), next: page.hasMore ? page.nextCursor : null };
    }
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
    const search = new URLSearchParams(Object.entries(settled).filter(([, v]) => v !== ''));
    const target = `${location.pathname}${search.size ? `?${search.toString()}` : ''}`;
    if (target !== `${location.pathname}${location.search}`) navigate(target, { replace: true });
    let stale = false;
    setLoading(true);
    setError(null);
    fetchPage().then(
      (page) => {
        if (stale) return;
        setItems(page.items);
        setAnswer(
          page.facets
            ? {
                facets: page.facets,
                total: page.total ?? 0,
                countsCapped: page.countsCapped ?? false,
                match: page.match ?? null,
              }
            : undefined,
        );
        setNext(page.next);
        setLoading(false);
      },
      (e: unknown) => {
        if (stale) return;
        setError(e);
        setLoading(false);
      },
    );
    return () => {
      stale = true;
    };
  }, [settled, attempt]);

  const more = async (): Promise<void> => {
    if (!next) return;
    setLoading(true);
    try {
      const page = await fetchPage(next);
      setItems((old) => [...old, ...page.items]);
      setNext(page.next);
    } catch (e) {
      setError(e);
    } finally {
      setLoading(false);
    }
  };

  const set = (name: keyof Filters) => (e: { target: { value: string } }) => {
    const next = { ...filters, [name]: e.target.value };
    // The policy list orders by name or newest only.
    const listMode = next.kind === 'policy' && Boolean(next.direction || next.assetKind);
    if (listMode && !POLICY_LIST_SORTS.has(searchSort(next.sort) ?? '')) next.sort = '';
    setFilters(next);
  };
  const seeAll = (shown: Shelf['filters']) => {
    setFilters({ ...filters, sort: shown.sort ?? '', catalog: shown.catalog ?? '' });
    // The row's button goes with the rows: the focus moves to the page's start, as after a navigation.
    document.getElementById('page-title')?.focus();
    window.scrollTo({ top: 0 });
  };
  const facets = answer?.facets;
  const withCount = (label: string, n: number | undefined) => (n === undefined ? label : `${label} (${n})`);

  return (
    <Page title="Policies and rulesets">
      <form className="filters fitted" role="search" onSubmit={(e) => e.preventDefault()}>
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
          <TextField label="Category" value={filters.category} onChange={set('category')} />
          {filters.kind === 'policy' ? (
            <>
              <SelectField
                label="Direction"
                value={filters.direction}
                onChange={set('direction')}
                options={[
                  ['', 'Any'],
                  ['inbound', 'Inbound'],
                  ['outbound', 'Outbound'],
                ]}
              />
              <SelectField
                label="Asset kind"
                value={filters.assetKind}
                onChange={set('assetKind')}
                options={[
                  ['', 'Any'],
                  ['api', 'API'],
                  ['agent', 'Agent'],
                  ['llm', 'LLM'],
                  ['mcp', 'MCP'],
                ]}
              />
            </>
          ) : null}
          <SelectField
            label="Sort"
            value={searchSort(filters.sort) ?? ''}
            onChange={set('sort')}
            options={policyListMode ? SORTS.filter(([value]) => POLICY_LIST_SORTS.has(value)) : SORTS}
          />
        </div>
      </form>
      {facets ? (
        <section aria-label="Counts" className="facets">
          <p className="meta">
            {count(facets.kinds.policy, 'policy', 'policies')} ·{' '}
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
      <ErrorMessage error={error} retry={() => setAttempt((n) => n + 1)} />
      <p className="visually-hidden" role="status" aria-live="polite">
        {loading
          ? ''
          : answer
            ? plural(answer.total, 'result')
            : `${items.length}${next ? '+' : ''} ${items.length === 1 && !next ? 'policy' : 'policies'}`}
      </p>
      {!loading && answer?.match === 'near' && items.length > 0 ? (
        <p className="hint">Nothing has these exact words: showing near matches.</p>
      ) : null}
      {!loading && !error && items.length === 0 ? (
        <p>{firstScreen ? 'The catalog is empty.' : 'Nothing matches these filters.'}</p>
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
      {next && !loading ? (
        <button type="button" className="secondary" onClick={() => void more()}>
          Load more
        </button>
      ) : null}
    </Page>
  );
}
