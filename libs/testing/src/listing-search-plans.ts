import { SEARCH_SORTS, type SearchAfter, type SearchSort } from '@pc/contracts';
import { communityPageQueries, type ListingTable } from '@pc/platform';
import { bulkFill, type PlanNode, planningFixture, planSummary } from './query-plans';

/** Rows a plan test of the search fills a kind's table with. */
export const SEARCH_PLAN_ROWS = 100_000;

/** What the plan rules need of a kind. */
export interface ListingSearchPlanSubject {
  table: ListingTable;
  /** The index each sort's page walks. */
  indexes: Record<SearchSort, string>;
  /** Fills the table with `rows` items (`$1`), about a twentieth of them drafts of `viewer` (`$2`). */
  fill: string;
  /** The table, for `ANALYZE`. */
  relation: string;
}

/** The owner of some drafts, searching signed in (their own drafts are listed too). */
const VIEWER = '00000000-0000-4000-8000-000000000007';
/** A page of the first screen's rows. */
const LIMIT = 20;
/** Rows a page of no words may read of its index: the page, and the drafts of others among them. */
const MAX_READ_ROWS = 200;

/**
 * The pages of the search across kinds at `SEARCH_PLAN_ROWS` items of a kind, in every sort: each walks
 * its sort's index from the cursor (one row comparison, read as the index's start) and stops at the
 * page's end, so a page deep in a sort costs what the first does. Checked on the executed plan.
 */
export function listingSearchPlanRules(subject: () => ListingSearchPlanSubject): void {
  const planning = planningFixture(async (pg) => {
    const s = subject();
    await bulkFill(pg, s.relation, s.fill, [SEARCH_PLAN_ROWS, VIEWER]);
  }, 120_000);

  /** The item in the middle of the sort's order, as a cursor. */
  async function middle(sort: SearchSort): Promise<SearchAfter> {
    const { table } = subject();
    const rank = sort === 'name' ? 'NULL::bigint' : table.rank[sort];
    const order = `${sort === 'name' ? '' : `${rank}, `}${table.sortKey} COLLATE "C", ${table.ident} COLLATE "C"`;
    const { rows } = await planning.pg.query<{ rank: string | null; key: string; ident: string }>(
      `SELECT ${rank} AS rank, ${table.sortKey} AS key, ${table.ident} AS ident FROM ${table.from}
        ORDER BY ${order} OFFSET ${SEARCH_PLAN_ROWS / 2} LIMIT 1`,
    );
    const [row] = rows;
    return {
      rank: row.rank === null ? null : Number(row.rank),
      key: row.key,
      kind: table.kind,
      catalog: 'community',
      ident: row.ident,
    };
  }

  async function executed(sql: string, params: unknown[]): Promise<PlanNode[]> {
    const result = await planning.pg.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
      `EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`,
      params,
    );
    const flatten = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(flatten)];
    return flatten(result.rows[0]['QUERY PLAN'][0].Plan);
  }

  describe.each([
    ['anonymously', null],
    ['signed in', VIEWER],
  ])('%s', (_who, viewerId) => {
    it.each(SEARCH_SORTS.flatMap((sort) => [[sort, 'first'] as const, [sort, 'middle'] as const]))(
      'reads the %s order’s %s page through its index, a page of rows and no sort',
      async (sort, where) => {
        const s = subject();
        const after = where === 'middle' ? await middle(sort) : null;
        const { walk, params } = communityPageQueries(s.table, viewerId, {
          q: '',
          category: undefined,
          sort,
          page: { match: null, after, limit: LIMIT },
        });
        const nodes = await executed(walk, params);
        const summary = planSummary(nodes);
        const scan = nodes.find((node) => node['Index Name'] === s.indexes[sort]);
        expect({ summary, walks: Boolean(scan) }).toEqual({ summary, walks: true });
        expect({ summary, sorts: nodes.filter((node) => /Sort|Seq Scan/.test(node['Node Type'])) }).toEqual({
          summary,
          sorts: [],
        });
        const read = (scan as PlanNode & { 'Actual Rows': number })['Actual Rows'];
        expect(read).toBeGreaterThan(LIMIT);
        expect(read).toBeLessThanOrEqual(MAX_READ_ROWS);
      },
    );
  });
}
