import { DeploymentsRpc, ROLLOUT_LIMITS } from '@pc/contracts';
import { RemoteError } from '@pc/platform';
import { serviceUnderTest } from '@pc/testing';
import { DeploymentsUnderTest } from '../testing/deployments-under-test';

jest.setTimeout(60_000);

/**
 * The active roll-outs per author (`ROLLOUT_LIMITS.activePerUserMax`). No worker runs: a roll-out's first
 * deployment stays queued, so each roll-out stays active.
 */
describe('active roll-outs per author, and their list', () => {
  const service = serviceUnderTest(new DeploymentsUnderTest({ workers: 0 }), { ROLLOUT_TICK_MS: '60000' });

  it('admits no more than the limit when roll-outs are created at the same moment, refusing the rest RATE_LIMITED', async () => {
    const max = ROLLOUT_LIMITS.activePerUserMax;
    const d = await service.deployer(max + 4);
    const { id: rulesetId } = await service.ruleset(d.user);
    const rollOut = (organizationId: string) =>
      service.rollOut(d, { assetType: 'ruleset', rulesetId, steps: [[organizationId]] });
    const [ahead, together] = [d.tenant.teamIds.slice(0, max - 1), d.tenant.teamIds.slice(max - 1)];
    for (const organizationId of ahead) await rollOut(organizationId);

    const results = await Promise.allSettled(together.map(rollOut));
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(results.length - refused.length).toBe(1);
    for (const error of refused) {
      expect(error).toBeInstanceOf(RemoteError);
      expect((error as RemoteError).payload).toMatchObject({
        code: 'RATE_LIMITED',
        message: `At most ${max} roll-outs of yours may be active at once: wait for one to end`,
      });
    }
    const { rollouts } = await service.request(DeploymentsRpc.listRollouts, d.user.ctx, { limit: 100 });
    expect(rollouts.filter((r) => r.finished_at === null)).toHaveLength(max);
  });

  it("pages the author's roll-outs newest first: every one once, and a cursor of another list refused", async () => {
    const d = await service.deployer(7);
    const { id: rulesetId } = await service.ruleset(d.user);
    const created: string[] = [];
    for (const organizationId of d.tenant.teamIds.slice(0, 7)) {
      const { rollout } = await service.rollOut(d, {
        assetType: 'ruleset',
        rulesetId,
        steps: [[organizationId]],
      });
      created.push(rollout.id);
    }
    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await service.request(DeploymentsRpc.listRollouts, d.user.ctx, { limit: 3, cursor });
      seen.push(...page.rollouts.map((r) => r.id));
      sizes.push(page.rollouts.length);
      expect(page.hasMore).toBe(page.nextCursor !== null);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(sizes).toEqual([3, 3, 1]);
    expect(seen).toEqual([...created].reverse());

    const teams = d.tenant.teamIds.slice(0, 2);
    await service.deploy(d, {
      assetType: 'ruleset',
      rulesetId,
      targetOrganizationIds: teams,
      doRelease: true,
    });
    const deployments = await service.request(DeploymentsRpc.list, d.user.ctx, { limit: 1 });
    expect(deployments.pagination.next_cursor).toEqual(expect.any(String));
    for (const wrong of [deployments.pagination.next_cursor!, 'not-a-cursor']) {
      const refused = await service
        .request(DeploymentsRpc.listRollouts, d.user.ctx, { cursor: wrong })
        .catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(RemoteError);
      expect((refused as RemoteError).payload).toMatchObject({
        code: 'BAD_REQUEST',
        details: [{ field: 'cursor' }],
      });
    }
  });
});
