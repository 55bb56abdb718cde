import { DeploymentsRpc, SEARCH_LIMITS } from '@pc/contracts';
import { serviceUnderTest } from '@pc/testing';
import { type Deployer, DeploymentsUnderTest } from '../testing/deployments-under-test';

/**
 * What the workspaces service reads for a workspace's detail: its installed items. No worker: the
 * deployments are made succeeded in the database.
 */
describe("a workspace's installed items", () => {
  const service = serviceUnderTest(new DeploymentsUnderTest());
  let d: Deployer;

  beforeAll(async () => {
    d = await service.deployer();
  });

  it('fit one reply with a hundred policies of the longest descriptions, each a summary of its latest deployment', async () => {
    const policy = await service.policy(d.user);
    const { results } = await service.deploy(d, { policyId: policy.id, workspaceId: d.workspaceId });
    const id = results[0].deployment!.id;
    const longest = `${'Limits requests per client. '.repeat(714)}The end.`;
    await service.sql(
      `UPDATE deployments.deployments
          SET status = 'succeeded', source = jsonb_set(source, '{description}', to_jsonb($2::text))
        WHERE id = $1`,
      [id, longest],
    );
    // 99 more policies, each deployed once with the same description, older than the first.
    await service.sql(
      `INSERT INTO deployments.deployments
         SELECT (jsonb_populate_record(d, jsonb_build_object(
                  'id', gen_random_uuid(), 'policy_id', gen_random_uuid(),
                  'dedupe_key', gen_random_uuid()::text,
                  'created_at', d.created_at - make_interval(secs => n)))).*
           FROM deployments.deployments AS d, generate_series(1, 99) AS n
          WHERE d.id = $1`,
      [id],
    );
    // The first policy deployed again, later, described otherwise: its latest deployment is the one shown.
    const { results: again } = await service.deploy(d, { policyId: policy.id, workspaceId: d.workspaceId });
    await service.sql(
      `UPDATE deployments.deployments
          SET status = 'succeeded', source = jsonb_set(source, '{description}', to_jsonb($2::text))
        WHERE id = $1`,
      [again[0].deployment!.id, 'Now in   two\nlines.'],
    );

    const summary = await service.request(DeploymentsRpc.workspaceSummary, d.user.ctx, {
      workspaceId: d.workspaceId,
      connectionIds: [d.connectionId],
    });

    expect(summary.installedPolicies).toHaveLength(100);
    const [latest, ...older] = summary.installedPolicies;
    expect(latest).toMatchObject({
      id: policy.id,
      description: 'Now in two lines.',
      deploys_in_workspace: 2,
    });
    for (const item of older) {
      expect(item.description!.length).toBeLessThanOrEqual(SEARCH_LIMITS.summary.max);
      expect(item.description).toMatch(/^Limits requests per client\. .*…$/);
      expect(item.deploys_in_workspace).toBe(1);
    }
  });
});
