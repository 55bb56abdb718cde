import { bulkFill, planNodes, planningFixture, planSummary } from '@pc/testing';
import { CANDIDATES_SQL } from './drift.repository';

const DEPLOYMENTS = 20_000;
const ITEMS = 300;
const ORGANIZATIONS = 30;
const CONNECTION = '00000000-0000-0000-0000-000000000001';

/**
 * Drift's candidates, planned over 20,000 deployments of 300 items to 30 organizations through 4
 * connections (about 8,000 targets, most deployed more than once, a tenth failed): the latest deployment
 * of each item and organization comes from the index in that order, for a page of the sweep, one
 * deployment's refresh and one connection's. Sorting every live deployment instead spilled to disk past
 * PostgreSQL's default working memory on every page.
 */
describe('drift candidates plans at 20,000 deployments', () => {
  const planning = planningFixture(async (pg) => {
    await bulkFill(
      pg,
      'deployments.deployments',
      `INSERT INTO deployments.deployments (asset_type, ruleset_id, asset_name, asset_slug, connection_id,
         workspace_id, created_by, platform_org_id, status, source, dedupe_key, applied_version, created_at,
         finished_at)
       SELECT 'ruleset', md5('ruleset' || item)::uuid, 'Rules ' || item, 'rules-' || item,
              lpad(to_hex(1 + org % 4), 32, '0')::uuid, md5('workspace' || org % 4)::uuid, md5('user' || g % 50)::uuid,
              'org-' || org, CASE WHEN g % 10 = 0 THEN 'failed' ELSE 'succeeded' END, '{"reviewed": true}',
              md5('deployment' || g), '1.0.' || g % 7, now() - make_interval(mins => g), now() - make_interval(mins => g)
         FROM generate_series(1, $1::int) AS g,
              LATERAL (SELECT abs(hashtext('item' || g)) % $2 AS item, abs(hashtext('org' || g)) % $3 AS org) AS target`,
      [DEPLOYMENTS, ITEMS, ORGANIZATIONS],
    );
    await bulkFill(
      pg,
      'deployments.jobs',
      `INSERT INTO deployments.jobs (deployment_id, kind, status, created_at, released_at)
       SELECT id, 'deploy', status, created_at, created_at FROM deployments.deployments`,
      [],
    );
  }, 120_000);

  it.each([
    ['a page of the sweep', [null, 200, null, null]],
    ['one deployment', [null, 1, null, '00000000-0000-0000-0000-00000000abcd']],
    ["one connection's", [null, 200, CONNECTION, null]],
  ])(
    'reads the latest deployment per item and organization through its index (%s)',
    async (_name, params) => {
      const nodes = await planNodes(planning.pg, CANDIDATES_SQL, params);
      const deployments = nodes.filter((n) => n['Relation Name'] === 'deployments');
      expect({ summary: planSummary(nodes), deployments: planSummary(deployments) }).toEqual({
        summary: planSummary(nodes),
        deployments: ['Index Scan(deployments_latest_target_idx)'],
      });
    },
  );
});
