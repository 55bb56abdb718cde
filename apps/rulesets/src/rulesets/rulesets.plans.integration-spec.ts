import { RULESET_LIMITS } from '@pc/contracts';
import { bulkFill, type PlanNode, planNodes, planningFixture } from '@pc/testing';
import { expectIndexed } from '../testing/query-plans';
import { type RulesetSearch, searchQuery } from './rulesets.repository';

const ROWS = 50_000;
/** The owner of some rows, searching signed in (their own drafts are listed too). */
const VIEWER = '00000000-0000-4000-8000-000000000007';
/** A sort may order a handful of matches, never a large part of the table. */
const MAX_SORTED_ROWS = 2_000;

/**
 * The list queries GET /rulesets makes in a sort order, planned over 50,000 rulesets: through an index,
 * no big sort. (Relevance-ranked queries read every match and sort them; at this size the planner, whose
 * estimate for a prefix query is a few percent of the rows, prefers a sequential scan for those.)
 */
describe('ruleset search plans at 50,000 rows', () => {
  const planning = planningFixture(async (pg) => {
    await bulkFill(
      pg,
      'rulesets.rulesets',
      `INSERT INTO rulesets.rulesets (name, description, category, owner_id, submitted_by, source_url, profile_name,
         target_scopes, like_count, view_count, published_at, lifecycle_status, created_at)
       SELECT (ARRAY['Payments','Security','Naming','Paging','Errors','Agents','Tools','Events','Schemas','Docs'])[1 + i % 10]
                || ' ' || (ARRAY['Rules','Baseline','Checks','Guide','Profile'])[1 + (i / 10) % 5]
                || CASE WHEN i % 5000 = 0 THEN ' Quokka' ELSE '' END || ' ' || i,
              'Governance rules number ' || i || ' for ' || (ARRAY['REST','async','gRPC','MCP'])[1 + i % 4] || ' APIs.',
              (ARRAY['Security','API Design','Documentation','Compliance','MCP','A2A','LLM','Operations','Other'])[1 + i % 9],
              CASE WHEN i % 1000 = 7 THEN $1::uuid ELSE md5('owner' || (i % 1000))::uuid END,
              md5('owner' || (i % 1000))::uuid,
              'https://source-host.example/o/r' || i,
              'Profile ' || i,
              CASE i % 4 WHEN 0 THEN ARRAY['rest-api'] WHEN 1 THEN ARRAY['async-api'] WHEN 2 THEN ARRAY['mcp', 'agent']
                ELSE ARRAY['rest-api', 'http-api'] END,
              i % 97, i % 1013,
              CASE WHEN i % 20 = 0 THEN NULL ELSE now() END,
              CASE WHEN i % 20 = 0 THEN 'under_review' ELSE 'published' END,
              now() - make_interval(secs => i)
         FROM generate_series(1, $2::int) AS i`,
      [VIEWER, ROWS],
    );
  }, 60_000);

  async function plan(search: Partial<RulesetSearch>): Promise<PlanNode[]> {
    const { sql, params } = searchQuery({
      viewerId: null,
      sort: 'alpha',
      order: 'asc',
      limit: RULESET_LIMITS.limit.default,
      offset: 0,
      ...search,
    });
    return planNodes(planning.pg, sql, params);
  }

  const cases: Array<[string, Partial<RulesetSearch>]> = [
    ['no filter', {}],
    ['no filter, descending', { order: 'desc' }],
    ['a common word prefix, sorted by name', { q: 'paym' }],
    ['two word prefixes, sorted by name', { q: 'payments rul' }],
    ['a category', { category: 'Security' }],
    ['a scope', { scope: 'grpc-api' }],
    ['newest first', { sort: 'submitted', order: 'desc' }],
    ['most liked', { sort: 'likes', order: 'desc' }],
    ['most viewed', { sort: 'views', order: 'desc' }],
  ];

  describe.each([
    ['anonymously', null],
    ['signed in', VIEWER],
  ])('%s', (_who, viewerId) => {
    it.each(cases)('reads %s through an index without sorting the table', async (_name, search) => {
      expectIndexed(await plan({ ...search, viewerId }), MAX_SORTED_ROWS);
    });
  });
});
