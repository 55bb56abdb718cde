// The ruleset catalog: community and vendor rulesets, search as you type, category and scope filters.
import { RULESET_CATEGORIES, TARGET_SCOPES } from '@pc/contracts';
import { useState } from 'react';
import { api, ok, type Schemas } from '../api/client';
import { Link } from '../router';
import {
  Badge,
  ErrorMessage,
  Loading,
  Page,
  plural,
  SelectField,
  StatusBadge,
  TextField,
  useAction,
  useAsync,
  useDebounced,
} from '../ui';

type Item = Schemas['RulesetListDto']['rulesets'][number];
type Scope = Schemas['RulesetDto']['target_scopes'][number];
const PAGE = 50;

export default function Rulesets() {
  const [filters, setFilters] = useState({ q: '', source: '', category: '', scope: '', sort: '' });
  const settled = useDebounced(filters, 250);
  const [extra, setExtra] = useState<Item[]>([]);
  const query = (offset: number) => ({
    params: {
      query: {
        q: settled.q.trim() || undefined,
        source: (settled.source || undefined) as 'community' | 'vendor' | undefined,
        category: settled.category || undefined,
        scope: (settled.scope || undefined) as Scope | undefined,
        sort: (settled.sort || undefined) as 'alpha' | 'submitted' | 'likes' | undefined,
        limit: PAGE,
        offset,
      },
    },
  });
  const [hasMore, setHasMore] = useState(false);
  const more = useAction(async () => {
    const page = await ok(api.GET('/api/rulesets', query((list.data?.rulesets.length ?? 0) + extra.length)));
    setExtra([...extra, ...page.rulesets]);
    setHasMore(page.hasMore);
  });
  const list = useAsync(
    () =>
      ok(api.GET('/api/rulesets', query(0))).then((page) => {
        setExtra([]);
        setHasMore(page.hasMore);
        return page;
      }),
    [settled],
  );
  const set = (name: keyof typeof filters) => (e: { target: { value: string } }) =>
    setFilters({ ...filters, [name]: e.target.value });
  const items: Item[] = [...(list.data?.rulesets ?? []), ...extra];
  return (
    <Page title="Rulesets">
      <form className="filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <TextField label="Search" type="search" value={filters.q} onChange={set('q')} />
        <SelectField
          label="Catalog"
          value={filters.source}
          onChange={set('source')}
          options={[
            ['', 'Community'],
            ['vendor', 'Vendor'],
          ]}
        />
        <SelectField
          label="Category"
          value={filters.category}
          onChange={set('category')}
          options={[['', 'Any'], ...RULESET_CATEGORIES.map((c): [string, string] => [c, c])]}
        />
        <SelectField
          label="Scope"
          value={filters.scope}
          onChange={set('scope')}
          options={[['', 'Any'], ...TARGET_SCOPES.map((s): [string, string] => [s, s])]}
        />
        <SelectField
          label="Sort"
          value={filters.sort}
          onChange={set('sort')}
          options={[
            ['', 'Name'],
            ['submitted', 'Newest'],
            ['likes', 'Most liked'],
          ]}
        />
      </form>
      {list.loading ? <Loading /> : <ErrorMessage error={list.error} retry={list.reload} />}
      {!list.loading && list.data && items.length === 0 ? <p>No ruleset matches these filters.</p> : null}
      <ul className="cards">
        {items.map((r) =>
          r.source === 'vendor' ? (
            <li key={`vendor:${r.slug}`} className="card">
              <h2>
                <Link to={`/vendor-rulesets/${encodeURIComponent(r.slug)}`}>{r.name}</Link>
              </h2>
              <p>{r.summary}</p>
              <p className="meta">
                <Badge tone="info">vendor</Badge> {r.category ?? ''} · {r.target_scopes.join(', ')}
              </p>
            </li>
          ) : (
            <li key={r.id} className="card">
              <h2>
                <Link to={`/rulesets/${r.id}`}>{r.name}</Link>
              </h2>
              <p>{r.description}</p>
              <p className="meta">
                {r.lifecycle_status !== 'published' ? <StatusBadge status={r.lifecycle_status} /> : null}{' '}
                {r.category} ·{' '}
                {plural(r.rule_counts.violation + r.rule_counts.warning + r.rule_counts.info, 'rule')} ·{' '}
                {r.likes} likes
              </p>
            </li>
          ),
        )}
      </ul>
      {hasMore && !list.loading ? (
        <button type="button" className="secondary" disabled={more.busy} onClick={() => void more.run()}>
          Load more
        </button>
      ) : null}
      <ErrorMessage error={more.error} />
    </Page>
  );
}
