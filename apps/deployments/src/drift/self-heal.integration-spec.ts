import { setTimeout as sleep } from 'node:timers/promises';
import { type DeploymentJob, DeploymentsEvents, DeploymentsRpc } from '@pc/contracts';
import { serviceUnderTest } from '@pc/testing';
import { codeOf, type Deployer, DeploymentsUnderTest } from '../testing/deployments-under-test';
import { DriftReconciler } from './drift.reconciler';

jest.setTimeout(120_000);

/**
 * Self-heal of a drifted deployment, in the service with a deployment worker beside it and the sandbox's
 * platform and registry: a heal that fails leaves the deployment that runs there as it was (succeeded,
 * drifted, the failure on its drift), so the drift check never takes an older deployment for the live one.
 */
describe('a self-heal that fails', () => {
  const service = serviceUnderTest(new DeploymentsUnderTest({ workers: 1 }));
  let d: Deployer;

  beforeAll(async () => {
    d = await service.deployer();
  });

  afterEach(async () => {
    await service.control.clearFaults();
  });

  /** The deployment's latest job once it has ended. */
  async function endedJob(id: string): Promise<DeploymentJob> {
    for (let i = 0; ; i++) {
      const { job } = await service.request(DeploymentsRpc.history, d.user.ctx, { id });
      if (job && !['queued', 'running'].includes(job.status)) return job;
      if (i > 600) throw new Error(`the job of ${id} is still ${job?.status}`);
      await sleep(100);
    }
  }

  it('keeps the newer deployment succeeded and drifted, never re-applies the older one, and heals once the registry answers (a heal, not another deploy)', async () => {
    const ruleset = await service.ruleset(d.user);
    const deployVersion = async (version: string) => {
      const { deploymentId: id } = await service.releaseRuleset(d, { ruleset, version });
      expect((await service.settled(d.user.ctx, id)).status).toBe('succeeded');
      return id;
    };
    const older = await deployVersion('1.0.0');
    const newer = await deployVersion('1.1.0');
    await service.request(DeploymentsRpc.putWorkspaceSettings, d.user.ctx, {
      workspaceId: d.workspaceId,
      selfHeal: true,
    });
    const org = d.tenant.paymentsId;
    const failedEvents = () =>
      service.count('deployments.outbox WHERE pattern = $1', [DeploymentsEvents.deploymentFailed.pattern]);
    const failedBefore = await failedEvents();

    // The item is removed out of band, and the registry fails every request: the heal job fails.
    await service.control.removeApplied(org, ruleset.assetId);
    await service.control.injectFault({ system: 'registry', kind: 'error' });
    const refresh = (id: string) => service.request(DeploymentsRpc.refreshDrift, d.user.ctx, { id });
    expect(await refresh(newer)).toMatchObject({ outcome: 'healing' });
    const heal = await endedJob(newer);
    expect(heal).toMatchObject({
      kind: 'deploy',
      self_heal: true,
      status: 'failed',
      error: expect.stringContaining('500'),
    });

    // The deployment still says what was deployed there: succeeded, drifted, the heal's failure on its drift.
    const { deployment } = await service.request(DeploymentsRpc.get, d.user.ctx, { id: newer });
    expect(deployment).toMatchObject({ status: 'succeeded', error: null, version: '1.1.0', drifted: true });
    expect(deployment.drift).toMatchObject({
      differences: [{ field: 'presence', expected: '1.1.0', actual: null }],
      heal_failure: { job_id: heal.id, status: 'failed', error: heal.error },
    });
    // A log stream opened on the first job reads that job to its end, though the heal is the latest now.
    const { jobs } = await service.request(DeploymentsRpc.history, d.user.ctx, { id: newer });
    const deployJob = jobs[jobs.length - 1];
    const logs = (jobId?: string) =>
      service.request(DeploymentsRpc.logsAfter, d.user.ctx, { id: newer, jobId });
    const healLog = await logs();
    expect(healLog.job!.id).toBe(heal.id);
    // Each log says what its job was: the heal's, a self-heal after drift; the deployment's own, a deploy.
    expect(healLog.chunks[0]).toMatchObject({
      job_id: heal.id,
      text: expect.stringMatching(
        new RegExp(
          `^Self-heal after drift \\(removed from the organization\\): re-applying ruleset .+ to organization ${org} \\(release\\)`,
        ),
      ),
    });
    const first = await logs(deployJob.id);
    expect(first.job).toMatchObject({ id: deployJob.id, self_heal: false, status: 'succeeded' });
    expect(first.chunks[0].text).toMatch(
      new RegExp(`^Deploying ruleset .+ to organization ${org} \\(release\\)`),
    );
    expect(first.chunks.every((c) => c.job_id === deployJob.id)).toBe(true);
    expect(first.chunks.length).toBeGreaterThan(0);
    expect(
      await service.request(DeploymentsRpc.logsAfter, d.user.ctx, { id: older, jobId: deployJob.id }),
    ).toEqual({ job: null, chunks: [], more: false });

    // Not a failed deployment: no failure event, and it cannot be deleted.
    expect(await failedEvents()).toBe(failedBefore);
    expect(await codeOf(service.request(DeploymentsRpc.remove, d.user.ctx, { id: newer }))).toBe(
      'DEPLOYMENTS.NOT_DELETABLE',
    );

    // The next sweep takes the newer deployment for the live one again, never the older: the older
    // version is not applied there, and the older deployment is not drifted.
    await service.control.clearFaults();
    expect(await refresh(older)).toMatchObject({ outcome: 'not_checked' });
    await service.get(DriftReconciler).reconcile();
    const healed = await endedJob(newer);
    expect(healed).toMatchObject({ status: 'succeeded' });
    expect((await service.versions(ruleset.assetId))[org]).toBe('1.1.0');
    const after = await service.request(DeploymentsRpc.get, d.user.ctx, { id: newer });
    expect(after.deployment).toMatchObject({ status: 'succeeded', drifted: false, drift: null });
    expect((await service.request(DeploymentsRpc.get, d.user.ctx, { id: older })).deployment.drifted).toBe(
      false,
    );
    // The heal's success is not another deploy: its event says it was a self-heal (not counted).
    const succeeded = await service.sql<{ self_heal: boolean | null }>(
      `SELECT (payload->>'self_heal')::boolean AS self_heal FROM deployments.outbox
        WHERE pattern = $1 AND payload->>'deployment_id' = $2 ORDER BY created_at`,
      [DeploymentsEvents.deploymentSucceeded.pattern, newer],
    );
    expect(succeeded).toEqual([{ self_heal: false }, { self_heal: true }]);
  });

  it('keeps a cancelled heal on the drift, the deployment still succeeded', async () => {
    const { ruleset, deploymentId: id } = await service.releaseRuleset(d, {
      organizationId: d.tenant.cardsId,
      version: '2.0.0',
    });
    expect((await service.settled(d.user.ctx, id)).status).toBe('succeeded');
    await service.request(DeploymentsRpc.putWorkspaceSettings, d.user.ctx, {
      workspaceId: d.workspaceId,
      selfHeal: true,
    });
    await service.control.removeApplied(d.tenant.cardsId, ruleset.assetId);
    // The registry keeps failing: the heal waits between its attempts, and is cancelled by its author.
    await service.control.injectFault({ system: 'registry', kind: 'error' });
    expect(await service.request(DeploymentsRpc.refreshDrift, d.user.ctx, { id })).toMatchObject({
      outcome: 'healing',
    });
    expect(await service.request(DeploymentsRpc.cancel, d.user.ctx, { id })).toEqual({ ok: true });
    const heal = await endedJob(id);
    expect(heal.status).toBe('cancelled');
    const { deployment } = await service.request(DeploymentsRpc.get, d.user.ctx, { id });
    expect(deployment).toMatchObject({ status: 'succeeded', drifted: true });
    expect(deployment.drift!.heal_failure).toMatchObject({ job_id: heal.id, status: 'cancelled' });
  });

  it('is not made in an archived workspace, read-only: its drift is only recorded, and its settings stay as they were', async () => {
    const owner = await service.deployer();
    const { ruleset, deploymentId: id } = await service.releaseRuleset(owner, { version: '3.0.0' });
    expect((await service.settled(owner.user.ctx, id)).status).toBe('succeeded');
    const settings = (selfHeal: boolean) =>
      service.request(DeploymentsRpc.putWorkspaceSettings, owner.user.ctx, {
        workspaceId: owner.workspaceId,
        selfHeal,
      });
    await settings(true);
    service.archive(owner.workspaceId);

    expect(await codeOf(settings(false))).toBe('WORKSPACES.ARCHIVED');
    await service.control.removeApplied(owner.tenant.paymentsId, ruleset.assetId);
    expect(await service.request(DeploymentsRpc.refreshDrift, owner.user.ctx, { id })).toMatchObject({
      outcome: 'drifted',
    });
    const { jobs, deployment } = {
      ...(await service.request(DeploymentsRpc.history, owner.user.ctx, { id })),
      ...(await service.request(DeploymentsRpc.get, owner.user.ctx, { id })),
    };
    expect(jobs.map((j) => j.self_heal)).toEqual([false]);
    expect(deployment).toMatchObject({ status: 'succeeded', drifted: true });
    expect(
      await service.request(DeploymentsRpc.getWorkspaceSettings, owner.user.ctx, {
        workspaceId: owner.workspaceId,
      }),
    ).toMatchObject({ settings: { self_heal: true } });
  });
});
