import { GovernanceRpc, RulesetsRpc } from '@pc/contracts';
import { OAS3 } from '@pc/testing';
import { GOVERNANCE_PROFILE, GOVERNANCE_PROFILE_NEXT } from '../testing/governance-fixtures';
import { rulesetsUnderTest } from '../testing/rulesets-under-test';

/**
 * Re-evaluation across a restart of the rulesets service: a new version followed by 50 APIs in three
 * workspaces, the service stopped while the queue is in the middle of them and started again on the same
 * database and bus; every API is evaluated again exactly once.
 */
describe('re-evaluation across a restart of the rulesets service (service level)', () => {
  jest.setTimeout(240_000);
  const h = rulesetsUnderTest();

  it('evaluates every API following the new version once, none lost and none twice, across a restart', async () => {
    const owner = h.user();
    const repoUrl = h.repo({ 'ruleset.yaml': GOVERNANCE_PROFILE });
    const { rulesetId } = await h.published(owner, { repoUrl });
    const apis: string[] = [];
    for (const [w, count] of [30, 15, 5].entries()) {
      const workspaceId = h.workspace(owner);
      await h.request(GovernanceRpc.createProfile, owner.ctx, {
        workspaceId,
        name: 'All',
        rulesets: [{ rulesetId }],
      });
      for (let i = 0; i < count; i++) {
        const { api } = await h.request(GovernanceRpc.registerApi, owner.ctx, {
          workspaceId,
          name: `API ${w}-${i}`,
          document: { content: OAS3 },
        });
        await h.request(GovernanceRpc.recordEvaluation, owner.ctx, { apiId: api.id });
        apis.push(api.id);
      }
    }
    const reevaluated = async () =>
      (
        await h.sql<{ n: number }>(
          `SELECT count(*)::int AS n FROM rulesets.api_evaluations
            WHERE trigger = 'ruleset_published' AND api_id = ANY ($1::uuid[])`,
          [apis],
        )
      )[0].n;

    h.host.push(repoUrl, { 'ruleset.yaml': GOVERNANCE_PROFILE_NEXT });
    await h.request(RulesetsRpc.pin, h.admin.ctx, { id: rulesetId });
    const started = Date.now() + 60_000;
    while ((await reevaluated()) < 5 && Date.now() < started) await new Promise((r) => setTimeout(r, 20));
    await h.restart();
    const atRestart = await reevaluated();
    expect(atRestart).toBeGreaterThanOrEqual(5);
    expect(atRestart).toBeLessThan(apis.length);

    const deadline = Date.now() + 180_000;
    while ((await reevaluated()) < apis.length && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 250));
    await new Promise((r) => setTimeout(r, 1_000)); // a job delivered again would have evaluated by now
    const perApi = await h.sql<{ api_id: string; n: number }>(
      `SELECT api_id, count(*) FILTER (WHERE trigger = 'ruleset_published')::int AS n
         FROM rulesets.api_evaluations WHERE api_id = ANY ($1::uuid[]) GROUP BY api_id`,
      [apis],
    );
    expect(perApi).toHaveLength(apis.length);
    expect(perApi.filter((row) => row.n !== 1)).toEqual([]);
    const conformance = await h.sql<{ conformance: string }>(
      `SELECT DISTINCT conformance::text FROM rulesets.governed_apis WHERE id = ANY ($1::uuid[])`,
      [apis],
    );
    expect(conformance.map((row) => row.conformance)).toEqual(['75.0']);
  });
});
