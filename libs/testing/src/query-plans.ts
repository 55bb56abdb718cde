import { Client } from 'pg';
import { createTestDatabase, type TestDatabase } from './test-database';

/** A node of a PostgreSQL plan (`EXPLAIN (FORMAT JSON)`): the fields the plan tests read. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Plan Rows': number;
  Plans?: PlanNode[];
}

/** Every node of the plan PostgreSQL makes for `sql`, the root first. */
export async function planNodes(pg: Client, sql: string, params: unknown[]): Promise<PlanNode[]> {
  const result = await pg.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
    `EXPLAIN (FORMAT JSON) ${sql}`,
    params,
  );
  return flatten(result.rows[0]['QUERY PLAN'][0].Plan);
}

function flatten(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(flatten)];
}

/** One entry per node, `Index Scan(policies_slug_key)`: what a failed plan assertion shows. */
export function planSummary(nodes: PlanNode[]): string[] {
  return nodes.map((n) => `${n['Node Type']}(${n['Index Name'] ?? n['Relation Name'] ?? ''})`);
}

/** A database of its own for a plan test, and a client on it to fill and plan with. */
export async function planningDatabase(): Promise<{ db: TestDatabase; pg: Client }> {
  const db = await createTestDatabase();
  const pg = new Client({ connectionString: db.url });
  await pg.connect();
  return { db, pg };
}

/**
 * A planning database for a test file: created before its tests, filled once by `fill` (with `bulkFill`),
 * closed and dropped after them. `planning.pg` is the connection the plans are read on.
 */
export function planningFixture(
  fill: (pg: Client) => Promise<void>,
  timeoutMs: number,
): { readonly pg: Client } {
  let db: TestDatabase | undefined;
  let pg: Client | undefined;
  beforeAll(async () => {
    ({ db, pg } = await planningDatabase());
    await fill(pg);
  }, timeoutMs);
  afterAll(async () => {
    await pg?.end();
    await db?.drop();
  });
  return {
    get pg(): Client {
      if (!pg) throw new Error('the planning database is opened before the tests');
      return pg;
    },
  };
}

/**
 * Runs `sql` (an INSERT ... SELECT of many rows into `relation`) as a bulk load, the way a restore does:
 * the relation's secondary indexes (not its primary key, unique or constraint indexes) are dropped first
 * and built again after from their own definitions, in one transaction, then the relation is analyzed
 * over all its rows.
 * Building a full-text or trigram index over 100,000 rows costs a fraction of keeping it up to date row
 * by row; the indexes the plans are checked against are the same ones, by name and definition.
 */
export async function bulkFill(pg: Client, relation: string, sql: string, params: unknown[]): Promise<void> {
  const { rows: indexes } = await pg.query<{ name: string; definition: string }>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i
      WHERE i.indrelid = $1::regclass AND NOT i.indisprimary AND NOT i.indisunique
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
    [relation],
  );
  await pg.query('BEGIN');
  try {
    for (const index of indexes) await pg.query(`DROP INDEX ${index.name}`);
    await pg.query(sql, params);
    for (const index of indexes) await pg.query(index.definition);
    await pg.query('COMMIT');
  } catch (error) {
    await pg.query('ROLLBACK');
    throw error;
  }
  // Statistics of every row, not of ANALYZE's random sample (300 rows per unit of the target: 30,000 of
  // the 100,000 at the default): a sample's estimate of a rare match varies from run to run, and one run's
  // plan expected to sort 2,690 rows for a word in 20 of them (the bound is 2,000).
  await pg.query('SET default_statistics_target = 1000');
  await pg.query(`ANALYZE ${relation}`);
  await pg.query('RESET default_statistics_target');
}
