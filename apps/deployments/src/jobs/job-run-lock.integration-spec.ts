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
 * the new delivery goes back to the queue while the job's run lock is held, spending no delivery, so the
 * job ends as the worker running it ends it, or is taken up once that worker dies. One deployment worker
 * runs beside the service on the in-process queue; the other worker is a connection of the test holding
 * the run lock, or one of the worker's own slots stalled on a slow platform.
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
    const { ruleset, deploymentId } = await service.releaseRuleset(d, { organizationId });
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

/**
 * The slots of a worker whose deliveries find their jobs' run locks held: a held job is given back to the
 * queue, not waited for in a slot, so other users' jobs still run. One deployment worker of two slots on
 * the in-process queue; the other worker is two connections of the test holding the run locks.
 */
describe('a worker handed jobs that another worker runs', () => {
  const service = serviceUnderTest(new DeploymentsUnderTest({ workers: 0 }));
  let worker: RunningService | undefined;
  const holders: Client[] = [];

  afterAll(async () => {
    await worker?.close();
    for (const holder of holders) await holder.end();
  });

  /** Until the service has put the jobs on the queue (its scheduler releases them after commit). */
  async function released(jobIds: string[]): Promise<void> {
    for (;;) {
      const [{ n }] = await service.sql<{ n: string }>(
        `SELECT count(*) AS n FROM deployments.jobs WHERE id = ANY($1) AND released_at IS NOT NULL`,
        [jobIds],
      );
      if (Number(n) === jobIds.length) return;
      await sleep(50);
    }
  }

  it("runs another user's deployment while both its slots' jobs are held by another worker", async () => {
    const held = await service.deployer();
    const ruleset = await service.ruleset(held.user);
    const res = await service.deploy(held, {
      assetType: 'ruleset',
      rulesetId: ruleset.id,
      targetOrganizationIds: [held.tenant.paymentsId, held.tenant.cardsId],
      doRelease: true,
      version: '1.0.0',
    });
    const heldIds = res.results.map((r) => r.deployment!.id);
    const heldJobs = await Promise.all(heldIds.map((id) => service.jobOf(id)));
    for (const jobId of heldJobs) holders.push(await service.holdRunLock(jobId));
    await released(heldJobs);
    // Both jobs are on the queue before the worker starts: its two slots take them first.
    worker = await service.startWorker();

    const other = await service.deployer();
    const otherRuleset = await service.ruleset(other.user);
    const otherRes = await service.deploy(other, {
      assetType: 'ruleset',
      rulesetId: otherRuleset.id,
      doRelease: true,
      version: '1.0.0',
    });
    const otherId = otherRes.results[0].deployment!.id;
    expect((await service.settled(other.user.ctx, otherId, 20_000)).status).toBe('succeeded');
    for (const jobId of heldJobs)
      expect(await service.jobState(jobId)).toEqual({ status: 'queued', error: null });

    // The other worker dies without ending them: this worker runs both.
    for (const holder of holders.splice(0)) await holder.end();
    for (const id of heldIds) expect((await service.settled(held.user.ctx, id)).status).toBe('succeeded');
  });
});
