import { GovernanceRpc } from '@pc/contracts';
import { OAS3 } from '@pc/testing';
import { CONFORMING_OAS3, governedWorkspaceBeforeAll } from '../testing/governance-fixtures';
import { codeOf, rulesetsUnderTest, type TestUser } from '../testing/rulesets-under-test';

/**
 * The workspace's conformance over time, from the evaluations kept of all its APIs: per UTC day the mean
 * of each API's latest conformance as of that day, the APIs evaluated and those at risk.
 */
describe("a workspace's conformance trend (service level)", () => {
  jest.setTimeout(120_000);
  const h = rulesetsUnderTest();
  const governed = governedWorkspaceBeforeAll(h);

  /** Records an evaluation of `content` for the API, kept as made `daysAgo` UTC days ago at `hour`:00. */
  const evaluated = async (apiId: string, content: string, daysAgo: number, hour: number) => {
    const { evaluation } = await h.request(GovernanceRpc.recordEvaluation, governed.owner.ctx, {
      apiId,
      document: { content },
    });
    await h.sql(
      `UPDATE rulesets.api_evaluations
          SET created_at = ((now() AT TIME ZONE 'UTC')::date - $2::int + make_interval(hours => $3::int))
                           AT TIME ZONE 'UTC'
        WHERE id = $1`,
      [evaluation.id, daysAgo, hour],
    );
    return evaluation.conformance;
  };
  const trend = (who: TestUser, days?: number) =>
    h.request(GovernanceRpc.workspaceTrend, who.ctx, {
      workspaceId: governed.workspaceId,
      ...(days ? { days } : {}),
    });
  const series = (points: Array<{ conformance: number | null; evaluated: number; at_risk: number }>) =>
    points.map((p) => [p.conformance, p.evaluated, p.at_risk]);

  beforeAll(async () => {
    const register = async (name: string) =>
      (
        await h.request(GovernanceRpc.registerApi, governed.owner.ctx, {
          workspaceId: governed.workspaceId,
          name,
        })
      ).api.id;
    const pets = await register('Pets');
    const orders = await register('Orders');
    await register('Never evaluated');
    // Pets: 100 then 50 on the same day (the later one counts), 100 two days later; Orders: 100 in between.
    expect(await evaluated(pets, CONFORMING_OAS3, 3, 8)).toBe(100);
    expect(await evaluated(pets, OAS3, 3, 20)).toBe(50);
    expect(await evaluated(orders, CONFORMING_OAS3, 2, 12)).toBe(100);
    expect(await evaluated(pets, CONFORMING_OAS3, 1, 6)).toBe(100);
  });

  it('answers one point per day, oldest first: the mean of each API’s latest conformance, evaluated, at risk', async () => {
    const answer = await trend(governed.member, 5);
    expect(answer).toMatchObject({ workspace_id: governed.workspaceId, threshold: 70, days: 5 });
    const today = new Date().toISOString().slice(0, 10);
    expect(answer.points.map((p) => p.day)).toEqual(
      [4, 3, 2, 1, 0].map((n) => new Date(Date.parse(today) - n * 86_400_000).toISOString().slice(0, 10)),
    );
    expect(series(answer.points)).toEqual([
      [null, 0, 0],
      [50, 1, 1],
      [75, 2, 1],
      [100, 2, 0],
      // Today, without evaluations, carries yesterday's value.
      [100, 2, 0],
    ]);
  });

  it('starts a short window from each API’s latest evaluation before it, and ends on today’s totals', async () => {
    expect(series((await trend(governed.member, 3)).points)).toEqual([
      [75, 2, 1],
      [100, 2, 0],
      [100, 2, 0],
    ]);
    expect(series((await trend(governed.member, 1)).points)).toEqual([[100, 2, 0]]);
    const { totals } = await h.request(GovernanceRpc.listApis, governed.member.ctx, {
      workspaceId: governed.workspaceId,
    });
    const points = (await trend(governed.member)).points;
    expect(points).toHaveLength(90);
    expect(points.at(-1)).toMatchObject({ evaluated: totals.evaluated, at_risk: totals.at_risk });
  });

  it('counts at risk against the workspace’s threshold as set now', async () => {
    await h.request(GovernanceRpc.updateSettings, governed.owner.ctx, {
      workspaceId: governed.workspaceId,
      atRiskThreshold: 40,
    });
    expect(series((await trend(governed.member, 3)).points)).toEqual([
      [75, 2, 0],
      [100, 2, 0],
      [100, 2, 0],
    ]);
    await h.request(GovernanceRpc.updateSettings, governed.owner.ctx, {
      workspaceId: governed.workspaceId,
      atRiskThreshold: 70,
    });
  });

  it('refuses strangers (404) and days outside 1..365 (an invalid message: 400 at the gateway)', async () => {
    expect(await codeOf(trend(governed.stranger, 5))).toBe('NOT_FOUND');
    for (const days of [0, 366, 2.5])
      expect(
        await codeOf(
          h.request(GovernanceRpc.workspaceTrend, governed.member.ctx, {
            workspaceId: governed.workspaceId,
            days,
          }),
        ),
      ).toBe('BUS.MESSAGE_INVALID');
    expect((await trend(governed.member, 365)).points).toHaveLength(365);
  });
});
