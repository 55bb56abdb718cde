import { DeploymentsRpc } from '@pc/contracts';
import { serviceUnderTest } from '@pc/testing';
import { codeOf, type Deployer, DeploymentsUnderTest } from '../testing/deployments-under-test';

jest.setTimeout(120_000);

/**
 * "Refresh now", in the service with a deployment worker beside it and the sandbox's platform: with the
 * periodic reconcile off, a refresh of a deployment or of its connection finds a drift made out of band
 * at once, through the same check the sweep makes.
 */
describe('drift refresh now', () => {
  const service = serviceUnderTest(new DeploymentsUnderTest({ workers: 1 }));
  let d: Deployer;

  beforeAll(async () => {
    d = await service.deployer(3);
  });

  it('finds a drift at once for one deployment and for its connection, and only for those who see it', async () => {
    const ruleset = await service.ruleset(d.user);
    const [removedIn, replacedIn] = [d.tenant.paymentsId, d.tenant.cardsId];
    const res = await service.deploy(d, {
      assetType: 'ruleset',
      rulesetId: ruleset.id,
      targetOrganizationIds: [removedIn, replacedIn],
      doRelease: true,
      version: '1.0.0',
    });
    const [removedId, replacedId] = res.results.map((r) => r.deployment!.id);
    for (const id of [removedId, replacedId])
      expect((await service.settled(d.user.ctx, id)).status).toBe('succeeded');

    const refresh = (id: string, ctx = d.user.ctx) =>
      service.request(DeploymentsRpc.refreshDrift, ctx, { id });
    expect(await refresh(removedId)).toMatchObject({ outcome: 'in_sync', drift: null });

    await service.control.removeApplied(removedIn, ruleset.assetId);
    const item = (await service.control.platformState()).organizations
      .find((o) => o.id === replacedIn)!
      .applied.find((a) => a.assetId === ruleset.assetId)!;
    await service.control.restoreApplied(replacedIn, { ...item, version: '0.9.0' });

    // No sweep runs here (DRIFT_RECONCILE_INTERVAL_MS is 0): the refresh finds it.
    const found = await refresh(removedId);
    expect(found).toMatchObject({
      outcome: 'drifted',
      drift: { differences: [{ field: 'presence', expected: '1.0.0', actual: null }] },
    });
    expect(
      (await service.request(DeploymentsRpc.get, d.user.ctx, { id: removedId })).deployment.drifted,
    ).toBe(true);
    // Someone who does not see the deployment learns nothing of it.
    expect(await codeOf(refresh(removedId, service.user().ctx))).toBe('NOT_FOUND');

    // The connection's refresh checks every live deployment through it: the other one is found too.
    const connection = await service.request(DeploymentsRpc.refreshConnectionDrift, d.user.ctx, {
      connectionId: d.connectionId,
    });
    expect(connection).toMatchObject({ drifted: 2, healing: 0, unknown: 0 });
    expect(connection.checked).toBeGreaterThanOrEqual(2);
    expect(
      (await service.request(DeploymentsRpc.get, d.user.ctx, { id: replacedId })).deployment.drift!
        .differences,
    ).toEqual([{ field: 'version', expected: '1.0.0', actual: '0.9.0' }]);
  });
});
