import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DEPLOYMENT_QUEUE, type DeploymentJobMessage, DeploymentsEvents } from '@pc/contracts';
import type { JobRow } from '@pc/deployments-store';
import {
  BUS_APP_NAME,
  BUS_CONFIG,
  type BusConfig,
  BusClient,
  createLogger,
  Database,
  openWorkQueue,
  type WorkQueue,
} from '@pc/platform';
import { SerialPasses } from '../common/serial-passes';
import { DeploymentsEnv } from '../deployments.env';
import { JobScheduleRepository, type ReleasedJob } from './job-schedule.repository';
import { JobScheduler } from './job-scheduler';

const log = createLogger('deployments');

/** A release pass also runs this often, for a job-ended event that was lost (or a dead-lettered job). */
const RELEASE_POLL_MS = 2000;

/**
 * The deployments work queue, filled here and drained by the deployment workers: JetStream over NATS,
 * in memory in embedded mode. A new job waits in the jobs table (committed with its deployment) until a
 * release pass (`JobScheduler`) hands it to the queue, fairly across authors. A pass runs after each
 * creation, on each job-ended event and every 2 s; passes are serialized across replicas by a PostgreSQL
 * advisory lock. A job is enqueued with its id as message id; at start every released, unfinished job is
 * enqueued again (the in-memory queue forgets on restart, and a crash between release and enqueue must
 * not strand a job). A duplicate delivery is harmless: a worker runs or dead-letters a job only under its
 * run lock, giving the delivery back to the queue uncounted while another worker holds it, and skips jobs
 * that have ended. On JetStream a job still on the queue gets a second message that way once its first is
 * older than the two-minute duplicate window; the worker counts a job's attempts in the jobs table, so
 * that message continues the count (at most `maxDeliver` attempts in all) rather than starting it again.
 */
@Injectable()
export class JobQueue implements OnApplicationBootstrap, OnApplicationShutdown {
  private queue?: Promise<WorkQueue<DeploymentJobMessage>>;
  private readonly passes = new SerialPasses(() => this.releasePass());
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(BUS_CONFIG) private readonly bus: BusConfig,
    @Inject(BUS_APP_NAME) private readonly app: string,
    private readonly busClient: BusClient,
    private readonly db: Database,
    private readonly schedule: JobScheduleRepository,
    private readonly scheduler: JobScheduler,
    private readonly env: DeploymentsEnv,
  ) {}

  private open(): Promise<WorkQueue<DeploymentJobMessage>> {
    this.queue ??= openWorkQueue<DeploymentJobMessage>(this.bus, this.app, {
      ...DEPLOYMENT_QUEUE,
      ackWaitMs: this.env.DEPLOY_JOB_ACK_WAIT_MS,
    });
    return this.queue;
  }

  /** A committed job is ready: it is released in its turn (see the class). */
  async enqueue(_job: Pick<JobRow, 'id' | 'deployment_id' | 'kind'>): Promise<void> {
    await this.release();
  }

  /**
   * Runs a release pass; a call during a pass runs one more after it (so a job committed during a
   * pass is never left waiting for the poll).
   */
  release(): Promise<void> {
    return this.passes.run();
  }

  private async releasePass(): Promise<void> {
    const released = await this.scheduler.releaseFree();
    // Committed: a job that cannot be enqueued now waits again (it must not hold a slot it never uses),
    // and a later pass releases it again.
    await Promise.all(
      released.map((job) =>
        this.put(job).catch(async (error: unknown) => {
          log.error({ err: error, job: job.id }, 'enqueue failed after release: the job waits again');
          await this.schedule.markWaiting(this.db.pool, job.id);
        }),
      ),
    );
  }

  private async put(job: ReleasedJob): Promise<void> {
    const queue = await this.open();
    await queue.enqueue(job.id, { jobId: job.id, deploymentId: job.deployment_id, kind: job.kind });
  }

  async depth(): Promise<number> {
    return (await this.open()).depth();
  }

  async onApplicationBootstrap(): Promise<void> {
    const jobs = await this.schedule.releasedUnfinished(this.db.pool, 10_000);
    for (const job of jobs) {
      await this.put(job).catch((error: unknown) =>
        log.warn({ err: error, job: job.id }, 'could not enqueue an unfinished job at start'),
      );
    }
    if (jobs.length > 0) log.info({ jobs: jobs.length }, 'unfinished jobs enqueued again');
    await this.busClient.subscribeBroadcast(DeploymentsEvents.jobEnded, () => void this.releaseLogged());
    this.timer = setInterval(() => void this.releaseLogged(), RELEASE_POLL_MS);
    this.timer.unref();
    await this.releaseLogged();
  }

  private async releaseLogged(): Promise<void> {
    await this.release().catch((error: unknown) => log.warn({ err: error }, 'job release pass failed'));
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.passes.settled();
    // The in-process queue is shared with the workers of this process; they close it when they stop.
    if (this.queue && this.bus.kind === 'nats') await (await this.queue).close();
  }
}
