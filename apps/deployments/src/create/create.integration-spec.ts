import { DeploymentsRpc } from '@pc/contracts';
import { serviceUnderTest } from '@pc/testing';
import { codeOf, type Deployer, DeploymentsUnderTest } from '../testing/deployments-under-test';

/**
 * POST /api/deployments's rules in the service, no worker (jobs stay queued): the body's own rules,
 * the workspace and the connection, per-target eligibility, dedupe, Idempotency-Key, and what was
 * reviewed is what ships (pins). The statuses they map to are the end-to-end file's.
 */
describe('creating deployments', () => {
  const service = serviceUnderTest(new DeploymentsUnderTest());
  let d: Deployer;
  let policyId: string;

  beforeAll(async () => {
    d = await service.deployer();
    policyId = (await service.policy(d.user)).id;
  });

  it.each([
    ['a version with a prefix', { version: 'v1.0.0' }],
    ['a pre-release version', { version: '1.0.0-beta' }],
  ])('refuses %s (BAD_REQUEST)', async (_, body) => {
    expect(await codeOf(service.deploy(d, { policyId, ...body }))).toBe('BAD_REQUEST');
  });

  it('refuses a ruleset deployment without rulesetId, with a policyId or an implementationRef, and a rulesetId on a policy deployment', async () => {
    const { id: rulesetId } = await service.ruleset(d.user);
    const ruleset = { assetType: 'ruleset' as const, rulesetId };
    for (const body of [
      { assetType: 'ruleset' as const },
      { ...ruleset, policyId },
      { ...ruleset, implementationRef: 'main' },
      { policyId, rulesetId },
    ])
      expect(await codeOf(service.deploy(d, body))).toBe('BAD_REQUEST');
    expect(await service.count('deployments.deployments')).toBe(0);
  });

  it('answers NOT_FOUND for an item the caller cannot see and for a workspace they are not in', async () => {
    const other = await service.deployer();
    const hidden = await service.policy(other.user);
    expect(await codeOf(service.deploy(d, { policyId: hidden.id }))).toBe('NOT_FOUND');
    const hiddenRuleset = await service.ruleset(other.user);
    expect(await codeOf(service.deploy(d, { assetType: 'ruleset', rulesetId: hiddenRuleset.id }))).toBe(
      'NOT_FOUND',
    );
    expect(await codeOf(service.deploy(d, { policyId, workspaceId: other.workspaceId }))).toBe('NOT_FOUND');
  });

  it('refuses an archived workspace (WORKSPACES.ARCHIVED)', async () => {
    const other = await service.deployer();
    const own = await service.policy(other.user);
    service.archive(other.workspaceId);
    expect(await codeOf(service.deploy(other, { policyId: own.id }))).toBe('WORKSPACES.ARCHIVED');
  });

  it("refuses a connection that is neither the caller's nor shared into the workspace, and takes a shared one", async () => {
    const other = await service.deployer();
    expect(await codeOf(service.deploy(d, { policyId, connectionId: other.connectionId }))).toBe(
      'DEPLOYMENTS.CONNECTION_NOT_USABLE',
    );
    // Shared into a workspace of theirs that d's user is a member of: usable there.
    service.member(other.workspaceId, d.user);
    service.share(other.workspaceId, other.connectionId);
    const res = await service.deploy(d, {
      policyId,
      connectionId: other.connectionId,
      workspaceId: other.workspaceId,
      targetOrganizationIds: [other.tenant.paymentsId],
    });
    expect(res.results).toEqual([expect.objectContaining({ ok: true })]);
  });

  it('answers 207 with per-target errors when some targets are not deployable, creating the others', async () => {
    const res = await service.deploy(d, {
      policyId,
      targetOrganizationIds: [d.tenant.paymentsId, d.tenant.archiveId, 'no-such-org'],
      ref: 'main',
    });
    expect(res.status).toBe(207);
    expect(res.results.map((r) => r.ok)).toEqual([true, false, false]);
    expect(res.results[1]).toMatchObject({ organizationId: d.tenant.archiveId, deployment: null });
    expect(res.results[1].error).toMatch(/cannot deploy to this organization/);
    const { deployment } = await service.request(DeploymentsRpc.get, d.user.ctx, {
      id: res.results[0].deployment!.id,
    });
    expect(deployment).toMatchObject({ status: 'queued', platform_org_id: d.tenant.paymentsId });
  });

  it('dedupes an identical request in flight: one deployment, the second answer says deduped', async () => {
    const body = { policyId, ref: 'main', version: '3.0.0' };
    const [a, b] = await Promise.all([service.deploy(d, body), service.deploy(d, body)]);
    const [ra, rb] = [a.results[0].deployment!, b.results[0].deployment!];
    expect(ra.id).toBe(rb.id);
    expect([ra.deduped, rb.deduped].sort()).toEqual([false, true]);
  });

  it('makes retries with one Idempotency-Key create one set; another body with the key is DEPLOYMENTS.IDEMPOTENCY_KEY_REUSED', async () => {
    const key = `key-${Date.now()}`;
    const body = {
      policyId,
      targetOrganizationIds: [d.tenant.cardsId],
      version: '4.0.0',
      doPublish: true,
      idempotencyKey: key,
    };
    const answers = await Promise.allSettled(Array.from({ length: 20 }, () => service.deploy(d, body)));
    // A retry that meets the first while it is still being written is told so (DEPLOYMENTS.IDEMPOTENCY_KEY_IN_FLIGHT), never a second set.
    const ok = answers.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : []));
    expect(ok.length).toBeGreaterThan(0);
    for (const a of answers)
      if (a.status === 'rejected')
        expect(a.reason).toMatchObject({ payload: { code: 'DEPLOYMENTS.IDEMPOTENCY_KEY_IN_FLIGHT' } });
    expect(new Set(ok.map((a) => a.results[0].deployment!.id)).size).toBe(1);
    const again = await service.deploy(d, body);
    expect(again.results[0].deployment!.id).toBe(ok[0].results[0].deployment!.id);
    expect(
      await service.count(
        `deployments.deployments WHERE platform_org_id = $1 AND requested_version = '4.0.0'`,
        [d.tenant.cardsId],
      ),
    ).toBe(1);
    expect(await codeOf(service.deploy(d, { ...body, targetOrganizationIds: [d.tenant.rootId] }))).toBe(
      'DEPLOYMENTS.IDEMPOTENCY_KEY_REUSED',
    );
  });

  describe('what was reviewed is what ships', () => {
    it('builds the pinned commit without a ref; another ref is the owner’s dev build only, never a release', async () => {
      const owner = await service.deployer();
      const policy = await service.policy(owner.user, { published: true });
      const release = await service.deploy(owner, { policyId: policy.id, doRelease: true });
      const { deployment } = await service.request(DeploymentsRpc.get, owner.user.ctx, {
        id: release.results[0].deployment!.id,
      });
      expect(deployment).toMatchObject({ reviewed: true, pinned_commit: policy.pin!.commit });

      // Another user may deploy the published policy, but not another ref of it.
      const other = await service.deployer();
      expect(
        await codeOf(
          service.deploy(other, {
            policyId: policy.id,
            doPublish: true,
            ref: 'main',
            targetOrganizationIds: [other.tenant.paymentsId],
          }),
        ),
      ).toBe('FORBIDDEN');
      // The owner: not as a release, nor with a connection shared to them; a dev build otherwise.
      expect(await codeOf(service.deploy(owner, { policyId: policy.id, doRelease: true, ref: 'main' }))).toBe(
        'DEPLOYMENTS.RELEASE_REF_NOT_REVIEWED',
      );
      service.member(other.workspaceId, owner.user);
      service.share(other.workspaceId, other.connectionId);
      expect(
        await codeOf(
          service.deploy(owner, {
            policyId: policy.id,
            doPublish: true,
            ref: 'main',
            connectionId: other.connectionId,
            workspaceId: other.workspaceId,
            targetOrganizationIds: [other.tenant.paymentsId],
          }),
        ),
      ).toBe('FORBIDDEN');
      const dev = await service.deploy(owner, { policyId: policy.id, doPublish: true, ref: 'main' });
      const devBuild = await service.request(DeploymentsRpc.get, owner.user.ctx, {
        id: dev.results[0].deployment!.id,
      });
      expect(devBuild.deployment).toMatchObject({ reviewed: false, pinned_commit: policy.pin!.commit });
      // An administrator may build another ref too.
      const admin = { ...owner, user: service.user(true) };
      service.member(owner.workspaceId, admin.user);
      service.share(owner.workspaceId, owner.connectionId);
      const adminDev = await service.deploy(admin, {
        policyId: policy.id,
        doPublish: true,
        ref: 'main',
        connectionId: service.connection(admin.user, owner.tenant),
      });
      expect(adminDev.results[0].ok).toBe(true);
    });

    it('refuses the build of a published ruleset with no pin (DEPLOYMENTS.NOT_PINNED) naming how to pin it', async () => {
      const owner = await service.deployer();
      const ruleset = await service.ruleset(owner.user, { published: true, version: '1.0.0' });
      service.peers.rulesets.get(ruleset.id)!.pin = null;
      const refused = service.deploy(owner, { assetType: 'ruleset', rulesetId: ruleset.id, doRelease: true });
      await expect(refused).rejects.toMatchObject({
        payload: {
          code: 'DEPLOYMENTS.NOT_PINNED',
          message: expect.stringContaining('POST /api/rulesets/{id}/pin'),
        },
      });
      // Nothing built: deploying without publishing or releasing needs no pin.
      const plain = await service.deploy(owner, { assetType: 'ruleset', rulesetId: ruleset.id });
      expect(plain.results[0].ok).toBe(true);
    });
  });
});
