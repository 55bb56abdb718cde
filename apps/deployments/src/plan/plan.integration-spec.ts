import { serviceUnderTest } from '@pc/testing';
import { type Deployer, DeploymentsUnderTest } from '../testing/deployments-under-test';

jest.setTimeout(120_000);

/**
 * The plan of a deployment against what apply then does, with a deployment worker and the sandbox's
 * platform: the version a plan names is the one apply leaves, or unknown when only the build can say.
 */
describe('a deployment plan', () => {
  const service = serviceUnderTest(new DeploymentsUnderTest({ workers: 1 }));
  let d: Deployer;

  beforeAll(async () => {
    d = await service.deployer();
  });

  it('does not call a publish without a release unchanged: it applies a new -dev version', async () => {
    const ruleset = await service.ruleset(d.user, { published: true });
    const released = await service.releaseRuleset(d, { ruleset });
    expect((await service.settled(d.user.ctx, released.deploymentId)).status).toBe('succeeded');

    const publish = {
      assetType: 'ruleset' as const,
      rulesetId: ruleset.id,
      doPublish: true,
      version: '1.0.0',
    };
    const plan = await service.plan(d, publish);
    expect(plan.targets[0]).toMatchObject({ action: 'update', from: '1.0.0', to: null });

    const applied = await service.deploy(d, publish);
    expect((await service.settled(d.user.ctx, applied.results[0].deployment!.id)).status).toBe('succeeded');
    expect((await service.versions(ruleset.assetId))[d.tenant.paymentsId]).toMatch(/^1\.0\.0-dev\./);
  });

  it('says unchanged when an apply without a build would apply again the version the organization runs', async () => {
    const ruleset = await service.ruleset(d.user, { published: true, version: '1.1.0' });
    const release = { assetType: 'ruleset' as const, rulesetId: ruleset.id, doRelease: true };
    const released = await service.deploy(d, release);
    expect((await service.settled(d.user.ctx, released.results[0].deployment!.id)).version).toBe('1.1.0');

    // Neither publish nor release: the reviewed commit's version, taken from the registry, applied again.
    const apply = { assetType: 'ruleset' as const, rulesetId: ruleset.id };
    const plan = await service.plan(d, apply);
    expect(plan.targets[0]).toMatchObject({ action: 'unchanged', from: '1.1.0', to: '1.1.0' });

    const applied = await service.deploy(d, apply);
    expect((await service.settled(d.user.ctx, applied.results[0].deployment!.id)).status).toBe('succeeded');
    expect((await service.versions(ruleset.assetId))[d.tenant.paymentsId]).toBe('1.1.0');
  });

  it('names the version an apply without a build takes when the registry holds a single release of the item', async () => {
    const ruleset = await service.ruleset(d.user, { published: true, version: '1.0.0' });
    const released = await service.releaseRuleset(d, { ruleset, version: '1.0.0' });
    expect((await service.settled(d.user.ctx, released.deploymentId)).status).toBe('succeeded');

    // The release named its version, so the ledger cannot say what the reviewed commit gives: the
    // registry can, since it holds one release and an apply without a build takes its version from there.
    const apply = { assetType: 'ruleset' as const, rulesetId: ruleset.id };
    expect((await service.plan(d, apply)).targets[0]).toMatchObject({
      action: 'unchanged',
      from: '1.0.0',
      to: '1.0.0',
    });
    const applied = await service.deploy(d, apply);
    expect((await service.settled(d.user.ctx, applied.results[0].deployment!.id)).status).toBe('succeeded');
    expect((await service.versions(ruleset.assetId))[d.tenant.paymentsId]).toBe('1.0.0');

    // Two releases: the sources say which one applies, so the plan cannot.
    const again = await service.releaseRuleset(d, { ruleset, version: '1.1.0' });
    expect((await service.settled(d.user.ctx, again.deploymentId)).status).toBe('succeeded');
    expect((await service.plan(d, apply)).targets[0]).toMatchObject({
      action: 'update',
      from: '1.1.0',
      to: null,
    });
  });

  it('says up front that a first apply without a build would fail: nothing of the item is on the registry', async () => {
    const ruleset = await service.ruleset(d.user, { published: true, version: '1.2.0' });
    const apply = { assetType: 'ruleset' as const, rulesetId: ruleset.id };
    const missing =
      'has no published build or release on the registry yet: deploy it with publish or release';
    expect((await service.plan(d, apply)).targets[0]).toMatchObject({
      action: 'error',
      from: null,
      error: expect.stringContaining(`${ruleset.name} ${missing}`),
    });

    const applied = await service.deploy(d, apply);
    const failed = await service.settled(d.user.ctx, applied.results[0].deployment!.id);
    expect(failed).toMatchObject({ status: 'failed', error: expect.stringContaining(`1.2.0 ${missing}`) });
  });

  it('says up front that an apply without a build of a version the registry does not hold would fail', async () => {
    const ruleset = await service.ruleset(d.user, { published: true, version: '1.3.0' });
    const released = await service.releaseRuleset(d, { ruleset, version: '1.3.0' });
    expect((await service.settled(d.user.ctx, released.deploymentId)).status).toBe('succeeded');

    const apply = { assetType: 'ruleset' as const, rulesetId: ruleset.id, version: '1.4.0' };
    const error = `${ruleset.name} 1.4.0 has no published build or release on the registry yet: deploy it with publish or release`;
    expect((await service.plan(d, apply)).targets[0]).toMatchObject({
      action: 'error',
      from: '1.3.0',
      to: '1.4.0',
      error: expect.stringContaining(error),
    });

    const applied = await service.deploy(d, apply);
    const failed = await service.settled(d.user.ctx, applied.results[0].deployment!.id);
    expect(failed).toMatchObject({ status: 'failed', error: expect.stringContaining(error) });
  });
});
