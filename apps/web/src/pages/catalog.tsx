// The policy catalog: search as you type, filters, sort, and paging by cursor ("Load more").
import { useEffect, useState } from 'react';
import { api, ok, type Schemas } from '../api/client';
import type { paths } from '@policy-catalog/sdk';
import { Link, navigate, useLocation } from '../router';
import { Badge, ErrorMessage, Loading, Page, SelectField, StatusBadge, TextField, useDebounced } from '../ui';

type Item = Schemas['PolicyListDto']['policies'][number];
type Query = paths['/api/policies']['get']['parameters']['query'];

const FILTERS = ['q', 'source', 'category', 'direction', 'assetKind', 'sort'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

function isVendor(item: Item): item is Schemas['VendorPolicySummaryDto'] {
  return 'source' in item && item.source === 'vendor';
}

export default function Catalog() {
  const { query } = useLocation();
  const [filters, setFilters] = useState<Filters>(
    () => Object.fromEntries(FILTERS.map((f) => [f, query.get(f) ?? ''])) as Filters,
  );
  const settled = useDebounced(filters, 250);
  const [items, setItems] = useState<Item[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);

  const params = (cursor?: string): Query => ({
    q: settled.q.trim() || undefined,
    source: (settled.source || undefined) as 'community' | 'vendor' | undefined,
    category: settled.category.trim() || undefined,
    direction: (settled.direction || undefined) as 'inbound' | 'outbound' | undefined,
    assetKind: (settled.assetKind || undefined) as 'agent' | 'api' | 'llm' | 'mcp' | undefined,
    sort: (settled.sort || undefined) as 'alpha' | 'submitted' | undefined,
    limit: 20,
    cursor,
  });

  useEffect(() => {
    const search = new URLSearchParams(Object.entries(settled).filter(([, v]) => v !== ''));
    const target = `${location.pathname}${search.size ? `?${search.toString()}` : ''}`;
    if (target !== `${location.pathname}${location.search}`) navigate(target, { replace: true });
    let stale = false;
    setLoading(true);
    setError(null);
    ok(api.GET('/api/policies', { params: { query: params() } })).then(
      (page) => {
        if (stale) return;
        setItems(page.policies);
        setNext(page.hasMore ? page.nextCursor : null);
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
      const page = await ok(api.GET('/api/policies', { params: { query: params(next) } }));
      setItems((old) => [...old, ...page.policies]);
      setNext(page.hasMore ? page.nextCursor : null);
    } catch (e) {
      setError(e);
    } finally {
      setLoading(false);
    }
  };

  const set = (name: keyof Filters) => (e: { target: { value: string } }) =>
    setFilters({ ...filters, [name]: e.target.value });

  return (
    <Page title="Policies">
      <form className="filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <TextField
          label="Search"
          type="search"
          placeholder="name, category, description…"
          value={filters.q}
          onChange={set('q')}
        />
        <SelectField
          label="Catalog"
          value={filters.source}
          onChange={set('source')}
          options={[
            ['', 'Community'],
            ['vendor', 'Vendor'],
          ]}
        />
        <TextField label="Category" value={filters.category} onChange={set('category')} />
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
      </form>
      <ErrorMessage error={error} retry={() => setAttempt((n) => n + 1)} />
      <p className="visually-hidden" role="status" aria-live="polite">
        {loading ? '' : `${items.length}${next ? '+' : ''} policies`}
      </p>
      {!loading && !error && items.length === 0 ? <p>No policy matches these filters.</p> : null}
      <ul className="cards">
        {items.map((item) =>
          isVendor(item) ? (
            <li key={`vendor:${item.slug}`} className="card">
              <h2>
                <Link to={`/vendor-policies/${encodeURIComponent(item.slug)}`}>{item.name}</Link>
              </h2>
              <p>{item.summary}</p>
              <p className="meta">
                <Badge tone="info">vendor</Badge> {item.direction} {item.category ? `· ${item.category}` : ''}
              </p>
            </li>
          ) : (
            <li key={item.id} className="card">
              <h2>
                <Link to={`/policies/${item.id}`}>{item.name}</Link>
              </h2>
              <p>{item.description}</p>
              <p className="meta">
                {item.status !== 'published' ? <StatusBadge status={item.status} /> : null}{' '}
                {item.category ?? 'Uncategorized'} · {item.direction} · {item.likes} like
                {item.likes === 1 ? '' : 's'}
                {item.owner_name ? ` · by ${item.owner_name}` : ''}
              </p>
            </li>
          ),
        )}
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
