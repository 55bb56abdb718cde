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
