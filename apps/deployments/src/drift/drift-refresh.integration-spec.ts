import { DeploymentsRpc } from '@pc/contracts';
import { serviceUnderTest } from '@pc/testing';
import { codeOf, type Deployer, DeploymentsUnderTest } from '../testing/deployments-under-test';
import { DriftReconciler } from './drift.reconciler';
import { DriftRepository } from './drift.repository';

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

  it('takes a deployment superseded through another connection to the organization for no drift, and does not heal it', async () => {
    const owner = await service.deployer();
    const [a, b] = [owner, { ...owner, connectionId: service.connection(owner.user, owner.tenant) }];
    const ruleset = await service.ruleset(owner.user);
    const deployVia = async (via: Deployer, version: string) => {
      const { deploymentId: id } = await service.releaseRuleset(via, { ruleset, version });
      expect((await service.settled(owner.user.ctx, id)).status).toBe('succeeded');
      return id;
    };
    const older = await deployVia(a, '1.0.0');
    const newer = await deployVia(b, '2.0.0');
    const refresh = (id: string) => service.request(DeploymentsRpc.refreshDrift, owner.user.ctx, { id });

    expect(await refresh(older)).toMatchObject({ outcome: 'not_checked', drift: null });
    expect(await refresh(newer)).toMatchObject({ outcome: 'in_sync', drift: null });
    expect(
      await service.request(DeploymentsRpc.refreshConnectionDrift, owner.user.ctx, {
        connectionId: a.connectionId,
      }),
    ).toMatchObject({ checked: 0, drifted: 0, healing: 0 });

    // With self-heal on, the older deployment is not applied over the newer one.
    await service.request(DeploymentsRpc.putWorkspaceSettings, owner.user.ctx, {
      workspaceId: owner.workspaceId,
      selfHeal: true,
    });
    expect(await refresh(older)).toMatchObject({ outcome: 'not_checked', drift: null });
    expect((await service.versions(ruleset.assetId))[owner.tenant.paymentsId]).toBe('2.0.0');
    expect(await refresh(newer)).toMatchObject({ outcome: 'in_sync', drift: null });
  });
});

/**
 * A replica stopping while its sweep runs, on a service of its own: the sweep's candidates are every live
 * deployment of the database, and which one a sweep checks first is the order of their ids.
 */
describe('drift sweep at shutdown', () => {
  const service = serviceUnderTest(new DeploymentsUnderTest({ workers: 1 }));
  let d: Deployer;

  beforeAll(async () => {
    d = await service.deployer(3);
  });

  it('a replica stopping in the middle of a sweep waits for the check in progress, not for the rest; the next sweep checks the rest', async () => {
    const ruleset = await service.ruleset(d.user);
    const res = await service.deploy(d, {
      assetType: 'ruleset',
      rulesetId: ruleset.id,
      targetOrganizationIds: d.tenant.teamIds,
      doRelease: true,
      version: '1.0.0',
    });
    const ids = res.results.map((r) => r.deployment!.id);
    for (const id of ids) expect((await service.settled(d.user.ctx, id)).status).toBe('succeeded');
    // Every one drifted out of band, and the platform slow: each check takes seconds.
    for (const organization of d.tenant.teamIds)
      await service.control.removeApplied(organization, ruleset.assetId);
    const drifted = async () =>
      Number(
        (
          await service.sql<{ n: string }>(
            'SELECT count(*) AS n FROM deployments.deployments WHERE id = ANY($1) AND drift IS NOT NULL',
            [ids],
          )
        )[0].n,
      );
    await service.control.setPlatformLatency(1_000);
    try {
      await service.restart({ DRIFT_RECONCILE_INTERVAL_MS: '1000' });
      // The sweep's first check starts as soon as its page's self-heal settings are read (then it waits
      // a second on the platform): the replica stops then.
      const repository = service.get(DriftRepository);
      const read = repository.selfHealing.bind(repository);
      await new Promise<void>((checking) =>
        jest.spyOn(repository, 'selfHealing').mockImplementation((...args) => {
          const settings = read(...args);
          void settings.then(() => setImmediate(checking));
          return settings;
        }),
      );
      await service.restart(); // the replica stops (and starts again with the sweep off)
      const marked = await drifted();
      expect(marked).toBeGreaterThanOrEqual(1);
      expect(marked).toBeLessThan(ids.length);
    } finally {
      await service.control.setPlatformLatency(0);
    }
    expect(await service.get(DriftReconciler).reconcile()).toBeGreaterThanOrEqual(ids.length);
    expect(await drifted()).toBe(ids.length);
  });
});
