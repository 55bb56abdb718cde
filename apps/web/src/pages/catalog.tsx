// The catalog: one search across policies and rulesets, community and vendor (GET /api/search), with the
// counts per kind, catalog and category beside the filters; search as you type, paging by cursor. The
// policies' own filters (direction, asset kind, order) read the policy list (GET /api/policies).
import { useEffect, useState } from 'react';
import { api, ok, type Schemas } from '../api/client';
import type { paths } from '@policy-catalog/sdk';
import { Link, navigate, useLocation } from '../router';
import { Badge, ErrorMessage, Loading, Page, plural, SelectField, TextField, useDebounced } from '../ui';

type Item = Schemas['SearchItemDto'];
type Facets = Schemas['SearchFacetsDto'];
type Query = NonNullable<paths['/api/search']['get']['parameters']['query']>;
type PolicyQuery = NonNullable<paths['/api/policies']['get']['parameters']['query']>;
type PolicyItem = Schemas['PolicyListDto']['policies'][number];

const FILTERS = ['q', 'kind', 'catalog', 'category', 'direction', 'assetKind', 'sort'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

/** Where an item is read: community items by id, vendor items by slug. */
function itemPath(item: Item): string {
  const base = item.kind === 'policy' ? 'policies' : 'rulesets';
  return item.catalog === 'vendor' || !item.id
    ? `/vendor-${base}/${encodeURIComponent(item.slug)}`
    : `/${base}/${item.id}`;
}

const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

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

  // The policies' own filters apply to policies only: with one of them, the policy list answers.
  const policyList =
    settled.kind === 'policy' && Boolean(settled.direction || settled.assetKind || settled.sort);
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
        sort: (settled.sort || undefined) as PolicyQuery['sort'],
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

  const set = (name: keyof Filters) => (e: { target: { value: string } }) =>
    setFilters({ ...filters, [name]: e.target.value });
  const facets = answer?.facets;
  const withCount = (label: string, n: number | undefined) => (n === undefined ? label : `${label} (${n})`);

  return (
    <Page title="Policies and rulesets">
      <form className="filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <TextField
          label="Search"
          type="search"
          placeholder="name, category, description…"
          value={filters.q}
          onChange={set('q')}
        />
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
            <SelectField
              label="Sort"
              value={filters.sort}
              onChange={set('sort')}
              options={[
                ['', 'Name'],
                ['submitted', 'Newest'],
              ]}
            />
          </>
        ) : null}
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
      {!loading && !error && items.length === 0 ? <p>Nothing matches these filters.</p> : null}
      <ul className="cards">
        {items.map((item) => (
          <li key={`${item.kind}:${item.catalog}:${item.id ?? item.slug}`} className="card">
            <h2>
              <Link to={itemPath(item)}>{item.name}</Link>
            </h2>
            <p>{item.summary}</p>
            <p className="meta">
              <Badge tone={item.kind === 'policy' ? 'neutral' : 'info'}>{item.kind}</Badge>{' '}
              {item.catalog === 'vendor' ? <Badge tone="info">vendor</Badge> : null}{' '}
              {item.category ?? 'Uncategorized'}
              {item.counts
                ? ` · ${count(item.counts.likes, 'like', 'likes')} · ${count(item.counts.deploys, 'deployment', 'deployments')}`
                : ''}
            </p>
          </li>
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
