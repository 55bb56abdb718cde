import { setTimeout as sleep } from 'node:timers/promises';
import { DEPLOYMENT_QUEUE, type DeploymentJobMessage } from '@pc/contracts';
import { JetStreamWorkQueue, openWorkQueue, type RunningService, type WorkQueue } from '@pc/platform';
import { serviceUnderTest } from '@pc/testing';
import { connect, type NatsConnection } from 'nats';
import type { Client } from 'pg';
import { type Deployer, DeploymentsUnderTest } from '../testing/deployments-under-test';

jest.setTimeout(60_000);

/** The shortest ack wait the service and its workers allow: a lost delivery comes back after 1 s. */
const ACK_WAIT_MS = 1000;

/** A ruleset released to one organization: its deployment and the job that runs it. */
async function deployRuleset(
  service: DeploymentsUnderTest,
  d: Deployer,
): Promise<{ deploymentId: string; jobId: string }> {
  const { deploymentId } = await service.releaseRuleset(d);
  return { deploymentId, jobId: await service.jobOf(deploymentId) };
}

interface LostDeliveries {
  queue: WorkQueue<DeploymentJobMessage>;
  /** Resolves once the job's last delivery is lost. */
  allLost(): Promise<void>;
  /** Answers the deliveries held and stops taking more. */
  stop(): Promise<void>;
}

/**
 * Handlers on the service's job queue that take every delivery and never answer: each delivery is lost
 * when its ack wait runs out.
 */
async function loseEveryDelivery(service: DeploymentsUnderTest): Promise<LostDeliveries> {
  const queue = await openWorkQueue<DeploymentJobMessage>(service.busConfig, 'deployments-test', {
    ...DEPLOYMENT_QUEUE,
    ackWaitMs: ACK_WAIT_MS,
  });
  const hung = new Set<() => void>();
  let deliveries = 0;
  const worker = await queue.process(
    (job) => {
      deliveries = job.attempt;
      return new Promise<void>((answer) => hung.add(answer));
    },
    { concurrency: DEPLOYMENT_QUEUE.maxDeliver },
  );
  return {
    queue,
    allLost: async () => {
      while (deliveries < DEPLOYMENT_QUEUE.maxDeliver) await sleep(100);
    },
    stop: async () => {
      for (const answer of hung) answer();
      await worker.stop();
    },
  };
}

/**
 * The dead letter of a deployment job (its last delivery lost) on the in-process queue: recorded under
 * the job's run lock, so it never fails a job another worker still runs, and still fails one whose worker
 * died. The lost deliveries are the test's own, on the service's queue: handlers that never answer.
 */
describe("a deployment job's dead letter", () => {
  const service = serviceUnderTest(new DeploymentsUnderTest({ workers: 0 }), {
    DEPLOY_JOB_ACK_WAIT_MS: String(ACK_WAIT_MS),
  });
  let d: Deployer;
  let worker: RunningService | undefined;
  let holder: Client | undefined;
  let losing: LostDeliveries | undefined;

  beforeAll(async () => {
    d = await service.deployer();
  });

  afterAll(async () => {
    await losing?.stop();
    await worker?.close();
    await holder?.end();
  });

  it('waits for the worker holding the job, and fails the job as before once that worker dies', async () => {
    const { deploymentId, jobId } = await deployRuleset(service, d);
    // The worker that runs the job: it holds the job's run lock.
    holder = await service.holdRunLock(jobId);

    // Every delivery is lost (its ack wait runs out), the last one included.
    losing = await loseEveryDelivery(service);
    await losing.allLost();

    // The worker gets the delivery past the last: the dead letter, while the job's worker still runs it.
    worker = await service.startWorker({ DEPLOY_JOB_ACK_WAIT_MS: String(ACK_WAIT_MS) });
    await sleep(ACK_WAIT_MS + 1500);
    expect(await service.jobState(jobId)).toEqual({ status: 'queued', error: null });

    // The job's worker dies without ending it: its lock goes with its connection.
    await holder.end();
    holder = undefined;
    const deployment = await service.settled(d.user.ctx, deploymentId);
    expect(deployment.status).toBe('failed');
    expect(await service.jobState(jobId)).toEqual({
      status: 'failed',
      error: `Gave up after ${DEPLOYMENT_QUEUE.maxDeliver} attempts: No outcome after ${DEPLOYMENT_QUEUE.maxDeliver} deliveries`,
    });
  });
});

/**
 * The same dead letter on JetStream, where workers stop and start on the one queue: a worker that stops
 * while another worker runs the job gives the job's last delivery back, so a worker still running (here,
 * one started after it) records the dead letter once the job's worker dies.
 */
describe("a deployment job's dead letter when the worker handed it stops", () => {
  const service = serviceUnderTest(new DeploymentsUnderTest({ workers: 0, bus: 'nats' }), {
    DEPLOY_JOB_ACK_WAIT_MS: String(ACK_WAIT_MS),
  });
  let d: Deployer;
  let workers: RunningService[] = [];
  let holder: Client | undefined;
  let losing: LostDeliveries | undefined;
  let nc: NatsConnection | undefined;

  beforeAll(async () => {
    d = await service.deployer();
  });

  afterAll(async () => {
    await losing?.stop();
    for (const worker of workers) await worker.close();
    await holder?.end();
    await nc?.drain();
    if (losing?.queue instanceof JetStreamWorkQueue) await losing.queue.destroy();
  });

  /** Deliveries the queue has made so far, redeliveries included (its consumer's sequence). */
  async function deliveriesMade(): Promise<number> {
    const bus = service.busConfig;
    if (bus.kind !== 'nats') throw new Error('a NATS bus');
    nc ??= await connect({ servers: bus.url });
    const jsm = await nc.jetstreamManager();
    const stream = await jsm.streams.find(`${bus.prefix}jobs.${DEPLOYMENT_QUEUE.name}`);
    const [consumer] = await jsm.consumers.list(stream).next();
    return consumer.delivered.consumer_seq;
  }

  it('fails the job once its worker dies, though the worker handed its last delivery stopped meanwhile', async () => {
    const { deploymentId, jobId } = await deployRuleset(service, d);
    holder = await service.holdRunLock(jobId);

    // Every delivery is lost (its ack wait runs out), the last one included.
    losing = await loseEveryDelivery(service);
    await losing.allLost();

    // A worker gets the delivery past the last (the dead letter) while the job's worker still runs it, and stops.
    const stopping = await service.startWorker({ DEPLOY_JOB_ACK_WAIT_MS: String(ACK_WAIT_MS) });
    workers.push(stopping);
    while ((await deliveriesMade()) <= DEPLOYMENT_QUEUE.maxDeliver) await sleep(100);
    await stopping.close();
    workers = workers.filter((worker) => worker !== stopping);
    expect(await service.jobState(jobId)).toEqual({ status: 'queued', error: null });

    // The job's worker dies without ending it; another worker is running.
    await holder.end();
    holder = undefined;
    workers.push(await service.startWorker({ DEPLOY_JOB_ACK_WAIT_MS: String(ACK_WAIT_MS) }));
    expect((await service.settled(d.user.ctx, deploymentId, 15_000)).status).toBe('failed');
    expect(await service.jobState(jobId)).toEqual({
      status: 'failed',
      error: `Gave up after ${DEPLOYMENT_QUEUE.maxDeliver} attempts: No outcome after ${DEPLOYMENT_QUEUE.maxDeliver} deliveries`,
    });
  });
});
