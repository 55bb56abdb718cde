import { type PlanNode, planSummary } from '@pc/testing';

/** A plan that reads through indexes: no sequential scan, and no sort of more than `maxSorted` rows. */
export function expectIndexed(nodes: PlanNode[], maxSorted: number): void {
  const summary = planSummary(nodes);
  expect({ summary, seq: nodes.filter((n) => n['Node Type'] === 'Seq Scan').length }).toEqual({
    summary,
    seq: 0,
  });
  const sorted = nodes.filter((n) => /Sort/.test(n['Node Type'])).map((n) => n['Plan Rows']);
  expect({ summary, sorted: sorted.filter((rows) => rows > maxSorted) }).toEqual({ summary, sorted: [] });
}
