import { GOVERNANCE_LIMITS } from '@pc/contracts';
import { bulkFill, type PlanNode, planNodes, planningFixture, planSummary } from '@pc/testing';
import { HISTORY_SQL, TREND_SQL } from '../api-evaluations/api-evaluations.repository';
import { expectIndexed } from '../testing/query-plans';
import { API_PAGE_SQL } from './governed-apis.repository';

const WORKSPACES = 10;
const APIS_PER_WORKSPACE = 1_000;
/** The workspace of the budget (issue #42): 1,000 APIs of 50 evaluations each; the others have 5. */
const EVALUATIONS = 50;
const WORKSPACE = '00000000-0000-0000-0000-000000000001';
const API = '00000000-0000-0000-0000-0000000003e8';

/**
 * The reads of a workspace's governance page and of an API's history, planned over 10 workspaces of 1,000
 * APIs (one with 50 evaluations per API: 50,000, the others 5): through their indexes, no sequential scan,
 * no sort of the workspace's APIs or the API's evaluations.
 */
describe('governance plans at 10,000 APIs and 95,000 evaluations', () => {
  const planning = planningFixture(async (pg) => {
    await bulkFill(
      pg,
      'rulesets.governed_apis',
      `INSERT INTO rulesets.governed_apis (id, workspace_id, name, tags, created_by, conformance, previous_conformance)
       SELECT CASE WHEN w = 1 THEN lpad(to_hex(i), 32, '0')::uuid ELSE md5('api' || w || '-' || i)::uuid END,
              lpad(to_hex(w), 32, '0')::uuid, 'API ' || i, ARRAY[(ARRAY['public','internal','partner'])[1 + i % 3]],
              md5('user' || w)::uuid, CASE WHEN i % 10 = 0 THEN NULL ELSE (i * 37) % 1000 / 10.0 END, (i * 31) % 1000 / 10.0
         FROM generate_series(1, $1::int) AS w, generate_series(1, $2::int) AS i`,
      [WORKSPACES, APIS_PER_WORKSPACE],
    );
    await bulkFill(
      pg,
      'rulesets.api_evaluations',
      `INSERT INTO rulesets.api_evaluations (api_id, workspace_id, trigger, run_by, created_at, format, digest, rulesets,
         counts, waived, passed_rules, applicable_rules, conformance, findings, findings_truncated)
       SELECT a.id, a.workspace_id, 'ci', a.created_by, now() - make_interval(hours => n * 40), 'OAS 3.0', md5(a.id::text || n),
              '[]', '{"violation":1,"warning":0,"info":0}', 0, 3, 4, 75,
              '[{"rule":"operation-id-required","severity":"violation","pointer":"#/paths/~1pets/post"}]', false
         FROM rulesets.governed_apis a,
              generate_series(1, CASE WHEN a.workspace_id = $1::uuid THEN $2::int ELSE 5 END) AS n`,
      [WORKSPACE, EVALUATIONS],
    );
  }, 120_000);

  it.each([
    ['every API, at-risk first', false, null],
    ['the at-risk APIs only', true, null],
    ['one tag', false, 'partner'],
  ])("reads a workspace's page (%s) through its index", async (_name, atRisk, tag) => {
    const nodes = await planNodes(planning.pg, API_PAGE_SQL, [
      WORKSPACE,
      atRisk,
      70,
      tag,
      GOVERNANCE_LIMITS.limit.default + 1,
      0,
    ]);
    expectIndexed(nodes, GOVERNANCE_LIMITS.limit.max);
  });

  it.each([
    ['the first page', null],
    ['a page before an evaluation', 'before'],
  ])("reads an API's history (%s) through its index", async (_name, before) => {
    const [{ id }] = (
      await planning.pg.query<{ id: string }>(
        `SELECT id FROM rulesets.api_evaluations WHERE api_id = $1 ORDER BY created_at DESC OFFSET 10 LIMIT 1`,
        [API],
      )
    ).rows;
    const nodes = await planNodes(planning.pg, HISTORY_SQL, [
      API,
      GOVERNANCE_LIMITS.limit.default + 1,
      before ? id : null,
    ]);
    expectIndexed(nodes, 0);
  });

  it.each([
    ['90 days (the default)', GOVERNANCE_LIMITS.trendDays.default],
    ['a year', GOVERNANCE_LIMITS.trendDays.max],
    ['one day', GOVERNANCE_LIMITS.trendDays.min],
  ])(
    "reads a workspace's trend over %s walking each API's history index in its order (no sort by time)",
    async (_name, days) => {
      const nodes = await planNodes(planning.pg, TREND_SQL, [WORKSPACE, days, 70]);
      const summary = planSummary(nodes);
      expect({ summary, seq: nodes.filter((n) => n['Node Type'] === 'Seq Scan').length }).toEqual({
        summary,
        seq: 0,
      });
      const evaluationScans = nodes.filter((n) => n['Relation Name'] === 'api_evaluations');
      expect({ summary, indexes: [...new Set(evaluationScans.map((n) => n['Index Name']))] }).toEqual({
        summary,
        indexes: ['api_evaluations_history_idx'],
      });
      const sortKeys = nodes.flatMap((n) => (n as PlanNode & { 'Sort Key'?: string[] })['Sort Key'] ?? []);
      expect({ summary, sortedByTime: sortKeys.filter((key) => /created_at/.test(key)) }).toEqual({
        summary,
        sortedByTime: [],
      });
    },
  );
});
