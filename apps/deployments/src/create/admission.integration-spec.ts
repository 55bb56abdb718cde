import { DeploymentsRpc } from '@pc/contracts';
import { RemoteError } from '@pc/platform';
import { serviceUnderTest } from '@pc/testing';
import { DeploymentsUnderTest } from '../testing/deployments-under-test';

/**
 * The per-author limits (DEPLOY_MAX_ACTIVE_JOBS_PER_USER, DEPLOY_MAX_TARGETS_PER_HOUR): past either,
 * RATE_LIMITED with the seconds to wait, and nothing written. No worker runs: a job stays queued (in
 * flight) until the test cancels it.
 */
describe('per-author deployment limits', () => {
  const service = serviceUnderTest(new DeploymentsUnderTest(), {
    DEPLOY_MAX_ACTIVE_JOBS_PER_USER: '2',
    DEPLOY_MAX_TARGETS_PER_HOUR: '3',
  });

  async function deployer() {
    const d = await service.deployer();
    const { id: policyId } = await service.policy(d.user);
    const deploy = (targets: string[], version: string) =>
      service.deploy(d, { policyId, targetOrganizationIds: targets, version, doPublish: true });
    const count = async () =>
      (await service.request(DeploymentsRpc.list, d.user.ctx, { limit: 50 })).deployments.length;
    const cancel = async (id: string) =>
      expect(await service.request(DeploymentsRpc.cancel, d.user.ctx, { id })).toEqual({ ok: true });
    return { ...d, policyId, deploy, count, cancel };
  }

  /** The request fails RATE_LIMITED; answers the seconds it says to wait. */
  async function limited(request: Promise<unknown>): Promise<{ retryAfter: number; message: string }> {
    const error = await request.then(
      () => new Error('expected RATE_LIMITED'),
      (e: unknown) => e,
    );
    if (!(error instanceof RemoteError)) throw error;
    expect(error.payload.code).toBe('RATE_LIMITED');
    expect(error.payload.retryAfter).toBeGreaterThan(0);
    return { retryAfter: error.payload.retryAfter!, message: error.payload.message };
  }

  it('refuses past the deployments in flight per author, creates nothing, and admits again once one ends', async () => {
    const { tenant, deploy, count, cancel } = await deployer();
    const a = await deploy([tenant.paymentsId], '1.0.1');
    await deploy([tenant.cardsId], '1.0.2');
    const { message } = await limited(deploy([tenant.rootId], '1.0.3'));
    expect(message).toContain('At most 2 deployments');
    expect(await count()).toBe(2);
    await cancel(a.results[0].deployment!.id);
    expect((await deploy([tenant.rootId], '1.0.3')).status).toBe(201);
  });

  it('refuses past the targets per hour, counting each target, and creates nothing', async () => {
    const { tenant, deploy, count, cancel } = await deployer();
    const first = await deploy([tenant.paymentsId, tenant.cardsId], '2.0.0');
    for (const r of first.results) await cancel(r.deployment!.id);
    const { retryAfter } = await limited(deploy([tenant.paymentsId, tenant.cardsId], '2.0.1'));
    // The oldest of this hour's targets frees a place in about an hour.
    expect(retryAfter).toBeGreaterThan(3000);
    expect(await count()).toBe(2);
    expect((await deploy([tenant.rootId], '2.0.2')).status).toBe(201);
  });

  it('counts every organization of a roll-out toward the targets per hour from its creation, until it ends', async () => {
    const d = await deployer();
    const { tenant, deploy, count, cancel } = d;
    const rollOut = (version: string, steps: string[][]) =>
      service.rollOut(d, { policyId: d.policyId, version, doPublish: true, doRelease: false, steps });
    const rollouts = async () =>
      (await service.request(DeploymentsRpc.listRollouts, d.user.ctx, {})).rollouts;
    const first = await deploy([tenant.rootId], '3.0.0');
    await cancel(first.results[0].deployment!.id);

    // One target this hour and three organizations: past three per hour, refused, nothing created.
    const refused = await limited(rollOut('3.0.1', [[tenant.paymentsId], [tenant.cardsId], [tenant.rootId]]));
    expect(refused.message).toContain('per hour');
    expect(await rollouts()).toEqual([]);
    expect(await count()).toBe(1);

    // Two organizations: admitted; the one of its second step counts already.
    const { rollout } = await rollOut('3.0.2', [[tenant.paymentsId], [tenant.cardsId]]);
    expect((await limited(deploy([tenant.rootId], '3.0.3'))).message).toContain('per hour');

    // Aborted: its organizations not deployed to count no more.
    const aborted = await service.request(DeploymentsRpc.rolloutAction, d.user.ctx, {
      id: rollout.id,
      action: 'abort',
    });
    expect(aborted.rollout.status).toBe('aborted');
    expect((await deploy([tenant.rootId], '3.0.3')).status).toBe(201);
  });
});
