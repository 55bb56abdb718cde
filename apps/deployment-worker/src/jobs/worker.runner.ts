import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
  ANONYMOUS,
  DEPLOYMENT_QUEUE,
  type DeploymentJobMessage,
  DeploymentsEvents,
  type JobStatus,
} from '@pc/contracts';
import { type DeploymentRow, type JobRow, toJob } from '@pc/deployments-store';
import { delegatedAccess } from '@pc/gateway-platform';
import {
  BUS_APP_NAME,
  BUS_CONFIG,
  type BusConfig,
  BusClient,
  createLogger,
  type DsseEnvelope,
  GiveBack,
  type Job,
  type ProvenanceInput,
  type SigningKey,
  signProvenance,
  openWorkQueue,
  type QueueWorker,
  type WorkQueue,
} from '@pc/platform';
import { BuildCancelled } from '../pipeline/build';
import { parseBuildAllowlist } from '../pipeline/build-proxy';
import { runDeploy } from '../pipeline/deploy.pipeline';
import type { Adapters } from '../pipeline/pipeline-context';
import { describe, isTransient } from '../pipeline/failure';
import { JobLog } from '../pipeline/job-log';
import { runRemoval } from '../pipeline/removal.pipeline';
import { runRestore } from '../pipeline/restore.pipeline';
import { recordPrevious, verifyHealth } from '../pipeline/rollout-checks.pipeline';
import { runRulesetDeploy } from '../pipeline/ruleset.pipeline';
import { WorkerEnv } from '../worker.env';
import { JobStore } from './job-store';
import type { KubernetesBuilds } from '../pipeline/sandbox/kubernetes/kubernetes-builds';
import type { MemoryEnforcement } from '../pipeline/sandbox/sandbox.settings';
import { ADAPTERS, BUILD_MEMORY, CLUSTER_BUILDS, SIGNING_KEYS } from './worker.tokens';

const log = createLogger('deployment-worker');

/** How long a job whose run lock another worker holds is left before it is delivered again. */
const LOCK_RETRY_MS = 1000;

class Cancelled extends Error {}

type RunLock = { release(): Promise<void> };

/**
 * Pulls deployment jobs from the shared queue and runs them, `DEPLOY_WORKER_CONCURRENCY` at once. On
 * shutdown (SIGTERM) it stops pulling and waits for the jobs in hand; a job it cannot finish is handed
 * back by the queue (no ack) and resumed by another worker after its last completed step.
 *
 * A job is run, and ended, only under its run lock (`JobStore.lock`). A delivery that finds the lock
 * held (the queue delivered the job again because the worker running it overran the ack wait: a NATS
 * reconnect, a stalled event loop, a long step) gives the delivery back to the queue (`GiveBack`), which
 * delivers the job again a second later without counting the delivery: it holds none of this worker's
 * slots meanwhile, and spends none of the job's deliveries. The holder ends the job (a later delivery
 * finds it ended and acks), or dies (its lock goes with its database connection) and a later delivery
 * resumes the job. The dead letter is given back the same way, so it never fails a job another worker is
 * still running, and is recorded by whichever worker gets it once the lock is free.
 */
@Injectable()
export class WorkerRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private queue?: WorkQueue<DeploymentJobMessage>;
  private worker?: QueueWorker;

  constructor(
    @Inject(BUS_CONFIG) private readonly bus: BusConfig,
    @Inject(BUS_APP_NAME) private readonly app: string,
    private readonly client: BusClient,
    private readonly store: JobStore,
    private readonly env: WorkerEnv,
    @Inject(ADAPTERS) private readonly adapters: Adapters,
    @Inject(CLUSTER_BUILDS) private readonly cluster: { builds: KubernetesBuilds } | undefined,
    @Inject(SIGNING_KEYS) private readonly keys: readonly SigningKey[],
    @Inject(BUILD_MEMORY) private readonly memory: MemoryEnforcement | undefined,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.queue = await openWorkQueue<DeploymentJobMessage>(this.bus, this.app, {
      ...DEPLOYMENT_QUEUE,
      ackWaitMs: this.env.DEPLOY_JOB_ACK_WAIT_MS,
    });
    this.worker = await this.queue.process((job) => this.handle(job), {
      concurrency: this.env.DEPLOY_WORKER_CONCURRENCY,
      onDeadLetter: (job, error) => this.deadLetter(job, error),
      retryDelayMs: (attempt) => Math.min(500 * attempt, 5000),
    });
    if (this.memory?.kind === 'cgroup')
      log.info(
        { cgroup: this.memory.root },
        'build limits: a cgroup v2 per build (memory.max without swap, pids.max), held by the kernel',
      );
    else if (this.memory)
      log.warn(
        { reason: this.memory.reason },
        'build limits: memory and tasks sampled every 25 ms, with per-process limits (no cgroup v2 delegated)',
      );
    log.info({ concurrency: this.env.DEPLOY_WORKER_CONCURRENCY }, 'deployment worker pulling jobs');
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.stop();
    await this.queue?.close();
  }

  private async handle(job: Job<DeploymentJobMessage>): Promise<void> {
    const lock = await this.runLock(job);
    try {
      const loaded = await this.store.load(job.data.jobId);
      if (!loaded || isEnded(loaded.job.status)) return; // deleted, or finished by an earlier delivery
      await this.run(loaded.job, loaded.deployment, job);
    } finally {
      await lock.release();
    }
  }

  private async run(
    record: JobRow,
    deployment: DeploymentRow,
    job: Job<DeploymentJobMessage>,
  ): Promise<void> {
    const jobLog = new JobLog(this.store, this.client, record);
    if (record.cancel_requested_at !== null) {
      await this.end(record, deployment, jobLog, 'cancelled', 'Cancelled by the user');
      return;
    }
    const attempt = attemptOf(record, job);
    if (attempt > DEPLOYMENT_QUEUE.maxDeliver) {
      // Its last attempt started and never ended (its worker died): as the dead letter says.
      const max = DEPLOYMENT_QUEUE.maxDeliver;
      await this.end(
        record,
        deployment,
        jobLog,
        'failed',
        `Gave up after ${max} attempts: No outcome after ${max} deliveries`,
      );
      return;
    }
    await this.store.start(record, attempt);
    // The start line is keyed, so it is written once whichever delivery gets here first: a delivery
    // lost before any worker started the job, or a worker killed between starting and this line, must
    // not leave the log without it.
    await jobLog.line('start', startLine(record, deployment), 'info', 'start');
    if (record.attempts > 0)
      await jobLog.line(
        'start',
        `Attempt ${attempt}: resuming after the last completed step`,
        'warn',
        `attempt:${attempt}`,
      );
    try {
      const access = await delegatedAccess(
        this.client,
        deployment.created_by,
        deployment.connection_id,
        deployment.workspace_id,
      );
      const context = {
        job: record,
        deployment,
        log: jobLog,
        access,
        save: (step: string, result: unknown) => this.store.saveStep(record.id, step, result),
        cancelled: () => this.store.cancelRequested(record.id),
        checkpoint: async (step: string) => {
          if (await this.store.cancelRequested(record.id)) throw new Cancelled();
          await this.store.setStep(record.id, step);
          job.progress();
        },
        progress: () => job.progress(),
        attest: async (input: ProvenanceInput): Promise<DsseEnvelope> => {
          const key = this.keys[0];
          const envelope = signProvenance(input, key);
          return (await this.store.keepProvenance(
            deployment.id,
            record.id,
            key.keyId,
            envelope,
            input.subjects,
          )) as DsseEnvelope;
        },
      };
      if (record.kind === 'deploy') {
        // A roll-out's deployment records what ran before, and after apply waits for the platform's health.
        const healthTimeout = deployment.rollout_id
          ? await this.store.rolloutHealthTimeout(deployment.rollout_id)
          : null;
        if (healthTimeout !== null) await recordPrevious(context, this.adapters);
        const outcome =
          deployment.asset_type === 'ruleset'
            ? await runRulesetDeploy(context, this.adapters)
            : await runDeploy(context, this.adapters, {
                command: this.env.DEPLOY_BUILD_COMMAND,
                network: this.env.DEPLOY_BUILD_NETWORK,
                allowlist: parseBuildAllowlist(this.env.DEPLOY_BUILD_ALLOWLIST),
                sandbox: { ...this.env.buildSandbox(), memory: this.memory },
                cluster: this.cluster?.builds,
                timeoutMs: this.env.DEPLOY_BUILD_TIMEOUT_MS,
                path: this.env.PATH,
              });
        if (healthTimeout !== null)
          await verifyHealth(context, this.adapters, healthTimeout, () =>
            this.store.rolloutActive(deployment.rollout_id!),
          );
        await this.end(record, deployment, jobLog, 'succeeded', null, { outcome });
      } else {
        const removal =
          record.kind === 'restore'
            ? await runRestore(context, this.adapters)
            : await runRemoval(context, this.adapters);
        await this.end(record, deployment, jobLog, 'succeeded', null, { removal });
      }
    } catch (error) {
      if (error instanceof Cancelled || error instanceof BuildCancelled) {
        await this.end(record, deployment, jobLog, 'cancelled', 'Cancelled by the user');
        return;
      }
      if (isTransient(error) && attempt < DEPLOYMENT_QUEUE.maxDeliver) {
        await jobLog.line(
          'retry',
          `Attempt ${attempt} failed (${describe(error)}); it will be tried again`,
          'warn',
          `retry:${attempt}`,
        );
        throw error;
      }
      await this.end(record, deployment, jobLog, 'failed', describe(error));
    }
  }

  /**
   * The job's dead letter: failed with the reason, unless it has ended. Under the run lock: a worker still
   * running the job (its last delivery overran the ack wait) ends it itself.
   */
  private async deadLetter(job: Job<DeploymentJobMessage>, error: unknown): Promise<void> {
    const lock = await this.runLock(job);
    try {
      const loaded = await this.store.load(job.data.jobId);
      if (!loaded || isEnded(loaded.job.status)) return;
      const jobLog = new JobLog(this.store, this.client, loaded.job);
      await this.end(
        loaded.job,
        loaded.deployment,
        jobLog,
        'failed',
        `Gave up after ${DEPLOYMENT_QUEUE.maxDeliver} attempts: ${describe(error)}`,
      );
    } finally {
      await lock.release();
    }
  }

  /** The job's run lock; while another worker holds it, the delivery goes back to the queue (see the class). */
  private async runLock(job: Job<DeploymentJobMessage>): Promise<RunLock> {
    const lock = await this.store.lock(job.data.jobId);
    if (lock) return lock;
    log.debug(
      { job: job.data.jobId, attempt: job.attempt },
      'job delivered while another worker runs it: given back to the queue',
    );
    throw new GiveBack(LOCK_RETRY_MS, `Job ${job.data.jobId} is being run by another worker`);
  }

  private async end(
    record: JobRow,
    deployment: DeploymentRow,
    jobLog: JobLog,
    status: Exclude<JobStatus, 'queued' | 'running'>,
    error: string | null,
    result: { outcome?: Parameters<JobStore['finish']>[4]; removal?: Parameters<JobStore['finish']>[5] } = {},
  ): Promise<void> {
    const text =
      status === 'succeeded' ? 'Succeeded' : status === 'cancelled' ? 'Cancelled' : `Failed: ${error}`;
    await jobLog.line('end', text, status === 'failed' ? 'error' : 'info', 'end');
    const ended = await this.store.finish(record, deployment, status, error, result.outcome, result.removal);
    if (!ended) return;
    await this.client
      .emit(
        DeploymentsEvents.jobEnded,
        { requestId: randomUUID(), caller: ANONYMOUS },
        {
          deployment_id: deployment.id,
          job: toJob(ended),
        },
      )
      .catch((failure: unknown) => log.warn({ err: failure }, 'job end not published (it is stored)'));
  }
}

/**
 * The attempt a delivery makes: the job's own count (the attempts started before, in the jobs table) next,
 * or the message's delivery count when that is higher. A job may have a second message on the queue (the
 * service enqueues its unfinished jobs again at start, which JetStream's duplicate window no longer
 * drops two minutes on): its deliveries count on from the job's, not from 1 again, so no job is tried
 * more than `maxDeliver` times whichever message delivers it.
 */
function attemptOf(record: JobRow, job: Job<DeploymentJobMessage>): number {
  return Math.max(job.attempt, record.attempts + 1);
}

function isEnded(status: JobStatus): boolean {
  return status === 'succeeded' || status === 'failed' || status === 'cancelled';
}

/**
 * The log's first line: what the job does. A self-heal says so, and what drifted, so that its log is not
 * taken for the deployment's own (both are `deploy` jobs of the same deployment).
 */
function startLine(job: JobRow, d: DeploymentRow): string {
  if (job.kind === 'deploy') {
    const mode = [d.do_publish ? 'publish' : null, d.do_release ? 'release' : null]
      .filter(Boolean)
      .join(' and ');
    const dev =
      d.source.reviewed === false
        ? `, not reviewed: a dev build of ${d.ref ?? d.implementation_ref ?? 'its source ref'}`
        : '';
    const what = `${d.asset_type === 'ruleset' ? 'ruleset ' : ''}${d.asset_name} to organization ${d.platform_org_id}${mode ? ` (${mode})` : ''}${dev}`;
    return job.self_heal
      ? `Self-heal after drift${driftSummary(d)}: re-applying ${what}`
      : `Deploying ${what}`;
  }
  if (job.kind === 'restore')
    return `Restoring what organization ${d.platform_org_id} ran before the roll-out changed ${d.asset_name}`;
  return `${job.kind === 'unpublish' ? 'Unpublishing' : 'Deleting the release of'} ${d.asset_name} in organization ${d.platform_org_id}`;
}

/** What the drift check found, for a self-heal's first line (empty once the drift was cleared). */
function driftSummary(d: DeploymentRow): string {
  const fields = d.drift?.differences.map((difference) => difference.field) ?? [];
  if (fields.length === 0) return '';
  if (fields.includes('presence')) return ' (removed from the organization)';
  return ` (${fields.join(', ')} changed on the platform)`;
}
