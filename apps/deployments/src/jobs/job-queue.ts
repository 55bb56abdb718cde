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
/** How often the queue is checked for released jobs it no longer holds (see `enqueueLost`). */
const LOST_CHECK_MS = 10_000;
/** A job released this long ago has reached the queue, unless the queue lost it. */
const LOST_GRACE_MS = 5000;

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
 * Released jobs the queue lost (NATS back without its JetStream data) are enqueued again (`enqueueLost`).
 */
@Injectable()
export class JobQueue implements OnApplicationBootstrap, OnApplicationShutdown {
  private queue?: Promise<WorkQueue<DeploymentJobMessage>>;
  private readonly passes = new SerialPasses(() => this.releasePass());
  private readonly lostChecks = new SerialPasses(() => this.enqueueLost());
  private timer?: NodeJS.Timeout;
  private lostTimer?: NodeJS.Timeout;

  constructor(
    @Inject(BUS_CONFIG) private readonly bus: BusConfig,
    @Inject(BUS_APP_NAME) private readonly app: string,
    private readonly busClient: BusClient,
    private readonly db: Database,
    private readonly schedule: JobScheduleRepository,
    private readonly scheduler: JobScheduler,
    private readonly env: DeploymentsEnv,
  ) {}

  /**
   * The queue, opened at its first use. An opening that failed (NATS unreachable at that moment) is not
   * kept: the next use opens it again, rather than every enqueue failing with that error until a restart.
   */
  private open(): Promise<WorkQueue<DeploymentJobMessage>> {
    this.queue ??= openWorkQueue<DeploymentJobMessage>(this.bus, this.app, {
      ...DEPLOYMENT_QUEUE,
      ackWaitMs: this.env.DEPLOY_JOB_ACK_WAIT_MS,
    }).catch((error: unknown) => {
      this.queue = undefined;
      throw error;
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
    this.lostTimer = setInterval(
      () =>
        void this.lostChecks
          .run()
          .catch((error: unknown) => log.warn({ err: error }, 'checking the queue for lost jobs failed')),
      LOST_CHECK_MS,
    );
    this.lostTimer.unref();
    await this.releaseLogged();
  }

  /**
   * Enqueues the released, unfinished jobs again when the queue holds fewer messages than there are of
   * them (each has one until a worker acknowledges it, once the job has ended): NATS came back without its
   * JetStream data and lost them. Nothing else would release them again, so they stayed queued, holding
   * their author's slots, until the service restarted. Jobs released in the last `LOST_GRACE_MS` are not
   * counted (another replica may be enqueueing them). A job still on the queue gets a second message,
   * dropped as a duplicate within JetStream's window, and otherwise handled by a worker as any duplicate
   * delivery (it runs a job only under its run lock, and skips one that has ended).
   */
  private async enqueueLost(): Promise<void> {
    if ((await this.schedule.countReleasedUnfinished(this.db.pool, LOST_GRACE_MS)) === 0) return;
    // The queue first, then the jobs: a job that ends in between (its message acknowledged) is then
    // in neither count or only in the queue's, never taken for lost.
    const depth = await this.depth();
    const released = await this.schedule.countReleasedUnfinished(this.db.pool, LOST_GRACE_MS);
    if (depth >= released) return;
    const jobs = await this.schedule.releasedUnfinished(this.db.pool, 10_000);
    log.warn(
      { released, depth, jobs: jobs.length },
      'released jobs are missing from the queue (it lost its messages): enqueued again',
    );
    for (const job of jobs)
      await this.put(job).catch((error: unknown) =>
        log.warn({ err: error, job: job.id }, 'could not enqueue a job the queue lost'),
      );
  }

  private async releaseLogged(): Promise<void> {
    await this.release().catch((error: unknown) => log.warn({ err: error }, 'job release pass failed'));
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    clearInterval(this.lostTimer);
    await this.passes.settled();
    await this.lostChecks.settled();
    // The in-process queue is shared with the workers of this process; they close it when they stop.
    const queue = await this.queue?.catch(() => undefined);
    if (queue && this.bus.kind === 'nats') await queue.close();
  }
}
