import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DEPLOYMENT_QUEUE, type DeploymentJobMessage } from '@pc/contracts';
import {
  BUS_APP_NAME,
  BUS_CONFIG,
  type BusConfig,
  createLogger,
  openWorkQueue,
  type WorkQueue,
} from '@pc/platform';
import type { JobRow } from '../deployments/deployment.rows';
import { DeploymentsRepository } from '../deployments/deployments.repository';
import { DeploymentsEnv } from '../deployments.env';

const log = createLogger('deployments');

/**
 * The deployments work queue, filled here and drained by the deployment workers: JetStream over NATS,
 * in memory in embedded mode. Jobs are enqueued after the transaction that created them commits, with
 * the job id as message id; at start every unfinished job is enqueued again (the in-memory queue forgets
 * on restart, and a crash between commit and enqueue must not strand a job). A duplicate delivery is
 * harmless: the worker holds a lock per job and skips jobs that have ended.
 */
@Injectable()
export class JobQueue implements OnApplicationBootstrap, OnApplicationShutdown {
  private queue?: Promise<WorkQueue<DeploymentJobMessage>>;

  constructor(
    @Inject(BUS_CONFIG) private readonly bus: BusConfig,
    @Inject(BUS_APP_NAME) private readonly app: string,
    private readonly deployments: DeploymentsRepository,
    private readonly env: DeploymentsEnv,
  ) {}

  private open(): Promise<WorkQueue<DeploymentJobMessage>> {
    this.queue ??= openWorkQueue<DeploymentJobMessage>(this.bus, this.app, {
      ...DEPLOYMENT_QUEUE,
      ackWaitMs: this.env.DEPLOY_JOB_ACK_WAIT_MS,
    });
    return this.queue;
  }

  async enqueue(job: Pick<JobRow, 'id' | 'deployment_id' | 'kind'>): Promise<void> {
    const queue = await this.open();
    await queue.enqueue(job.id, { jobId: job.id, deploymentId: job.deployment_id, kind: job.kind });
  }

  async depth(): Promise<number> {
    return (await this.open()).depth();
  }

  async onApplicationBootstrap(): Promise<void> {
    const jobs = await this.deployments.unfinishedJobs(10_000);
    for (const job of jobs) {
      await this.enqueue(job).catch((error: unknown) =>
        log.warn({ err: error, job: job.id }, 'could not enqueue an unfinished job at start'),
      );
    }
    if (jobs.length > 0) log.info({ jobs: jobs.length }, 'unfinished jobs enqueued again');
  }

  async onApplicationShutdown(): Promise<void> {
    // The in-process queue is shared with the workers of this process; they close it when they stop.
    if (this.queue && this.bus.kind === 'nats') await (await this.queue).close();
  }
}
