import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEPLOYMENT_QUEUE, type DeploymentJobMessage } from '@pc/contracts';
import { JetStreamWorkQueue, openWorkQueue, type RunningService, type WorkQueue } from '@pc/platform';
import { serviceUnderTest } from '@pc/testing';
import { type Deployer, DeploymentsUnderTest } from '../testing/deployments-under-test';

jest.setTimeout(90_000);

/**
 * A job with two messages on the JetStream queue: the service enqueues its released, unfinished jobs
 * again at start, and two minutes after the first message JetStream's duplicate window no longer drops
 * the second one (here: the same job published under another message id, as that start does). The job
 * is still tried `maxDeliver` times in all, whichever message delivers it. The registry fails every
 * request, and the test counts the requests the job's attempts made.
 */
describe('a deployment job with a second message on the queue', () => {
  const service = serviceUnderTest(new DeploymentsUnderTest({ workers: 0, bus: 'nats' }));
  let d: Deployer;
  let worker: RunningService | undefined;
  let queue: WorkQueue<DeploymentJobMessage> | undefined;

  beforeAll(async () => {
    d = await service.deployer();
  });

  afterAll(async () => {
    await worker?.close();
    if (queue instanceof JetStreamWorkQueue) await queue.close();
  });

  /** Registry requests failed so far, out of the 1000 the fault was set for. */
  async function registryFailures(): Promise<number> {
    // The sandbox answers a new fault with every fault and what is left of it: a fault no request meets.
    const { faults } = (await service.control.injectFault({
      system: 'platform',
      organizationId: randomUUID(),
      kind: 'error',
      times: 1,
    })) as { faults: Array<{ system: string; times?: number }> };
    return 1000 - faults.find((f) => f.system === 'registry')!.times!;
  }

  /** Deploys a new ruleset with the registry failing: its job fails after its attempts. */
  async function failingJob(secondMessage: boolean) {
    await service.control.clearFaults();
    await service.control.injectFault({ system: 'registry', kind: 'error', times: 1000 });
    const { deploymentId } = await service.releaseRuleset(d);
    const jobId = await service.jobOf(deploymentId);
    if (secondMessage) {
      // Once its first attempt has failed, the job is on the queue a second time.
      while (
        (
          await service.sql<{ attempts: number }>(`SELECT attempts FROM deployments.jobs WHERE id = $1`, [
            jobId,
          ])
        )[0].attempts < 1
      )
        await sleep(50);
      queue ??= await openWorkQueue<DeploymentJobMessage>(service.busConfig, 'deployments-test', {
        ...DEPLOYMENT_QUEUE,
        ackWaitMs: 30_000,
      });
      await queue.enqueue(`${jobId}:again`, { jobId, deploymentId, kind: 'deploy' });
    }
    const deployment = await service.settled(d.user.ctx, deploymentId, 60_000);
    expect(deployment.status).toBe('failed');
    // The other message finds the job ended and is acknowledged.
    await sleep(2000);
    const [job] = await service.sql<{ attempts: number }>(
      `SELECT attempts FROM deployments.jobs WHERE id = $1`,
      [jobId],
    );
    return { failures: await registryFailures(), attempts: job.attempts };
  }

  it('is tried maxDeliver times in all, as a job with one message is', async () => {
    worker = await service.startWorker();
    const once = await failingJob(false);
    expect(once.attempts).toBe(DEPLOYMENT_QUEUE.maxDeliver);
    expect(once.failures).toBeGreaterThanOrEqual(DEPLOYMENT_QUEUE.maxDeliver);

    const twice = await failingJob(true);
    expect(twice).toEqual(once);
  });
});
