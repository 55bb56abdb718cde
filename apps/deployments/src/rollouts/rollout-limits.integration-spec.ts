import { DeploymentsRpc, ROLLOUT_LIMITS } from '@pc/contracts';
import { RemoteError } from '@pc/platform';
import { serviceUnderTest } from '@pc/testing';
import { DeploymentsUnderTest } from '../testing/deployments-under-test';

jest.setTimeout(60_000);

/**
 * The active roll-outs per author (`ROLLOUT_LIMITS.activePerUserMax`). No worker runs: a roll-out's first
 * deployment stays queued, so each roll-out stays active.
 */
describe('active roll-outs per author', () => {
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
});
