import { setTimeout as sleep } from 'node:timers/promises';
import type { RunningService } from '@pc/platform';
import { serviceUnderTest } from '@pc/testing';
import type { Client } from 'pg';
import { type Deployer, DeploymentsUnderTest } from '../testing/deployments-under-test';

jest.setTimeout(60_000);

/** The shortest ack wait the service and its workers allow: a stalled delivery comes back after 1 s. */
const ACK_WAIT_MS = '1000';

/**
 * A job the queue delivers again while another worker still runs it (that worker overran the ack wait):
 * the new delivery waits for the job's run lock, spending no delivery, so the job ends as the worker
 * running it ends it, or is taken up once that worker dies. One deployment worker runs beside the service
 * on the in-process queue; the other worker is a connection of the test holding the run lock, or one of
 * the worker's own slots stalled on a slow platform.
 */
describe('a job delivered again while another worker runs it', () => {
  const service = serviceUnderTest(new DeploymentsUnderTest({ workers: 0 }), {
    DEPLOY_JOB_ACK_WAIT_MS: ACK_WAIT_MS,
  });
  let d: Deployer;
  let worker: RunningService | undefined;
  let holder: Client | undefined;

  beforeAll(async () => {
    d = await service.deployer();
  });

  afterAll(async () => {
    await worker?.close();
    await holder?.end();
  });

  /** A deployment worker on the service's database and queue (concurrency 2: two slots). */
  const startWorker = () =>
    service.startWorker({ DEPLOY_JOB_ACK_WAIT_MS: ACK_WAIT_MS, PLATFORM_TIMEOUT_MS: '30000' });

  /** A release of a new ruleset to `organizationId`: its deployment and job. */
  async function deploy(organizationId: string) {
    const ruleset = await service.ruleset(d.user);
    const res = await service.deploy(d, {
      assetType: 'ruleset',
      rulesetId: ruleset.id,
      targetOrganizationIds: [organizationId],
      doRelease: true,
      version: '1.0.0',
    });
    const deploymentId = res.results[0].deployment!.id;
    return { deploymentId, jobId: await service.jobOf(deploymentId), assetId: ruleset.assetId };
  }

  it('leaves the job to the worker holding its run lock, and runs it once that worker dies', async () => {
    const { deploymentId, jobId, assetId } = await deploy(d.tenant.paymentsId);
    holder = await service.holdRunLock(jobId);

    worker = await startWorker();
    // Longer than the queue's five deliveries lasted when each one gave up on the held lock (about 5 s).
    await sleep(6500);
    expect(await service.jobState(jobId)).toEqual({ status: 'queued', error: null });

    // The holder dies without ending the job: its lock goes with its connection.
    await holder.end();
    holder = undefined;
    expect((await service.settled(d.user.ctx, deploymentId)).status).toBe('succeeded');
    expect(await service.jobState(jobId)).toEqual({ status: 'succeeded', error: null });
    expect(await service.applyCounts(assetId)).toMatchObject({ [d.tenant.paymentsId]: 1 });
  });

  it("keeps the success of a worker whose ack wait ran out mid-step while the job's next delivery waited", async () => {
    worker ??= await startWorker();
    // The platform's answer outlasts the ack wait and the queue's five deliveries before this change (about
    // 6 s): the queue hands the job to the worker's other slot while the first one is still applying it.
    await service.control.setPlatformLatency(8000);
    try {
      const { deploymentId, jobId, assetId } = await deploy(d.tenant.cardsId);
      expect((await service.settled(d.user.ctx, deploymentId)).status).toBe('succeeded');
      expect(await service.jobState(jobId)).toEqual({ status: 'succeeded', error: null });
      expect(await service.applyCounts(assetId)).toMatchObject({ [d.tenant.cardsId]: 1 });
    } finally {
      await service.control.setPlatformLatency(0);
    }
  });
});
