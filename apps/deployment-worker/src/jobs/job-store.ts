import { Injectable } from '@nestjs/common';
import {
  type DeploymentFailedEvent,
  DeploymentsEvents,
  type DeploymentSucceededEvent,
  type LogChunk,
} from '@pc/contracts';
import {
  type DeploymentRow,
  DeploymentsRepository,
  type DeployOutcome,
  type EndedJobStatus,
  type JobRow,
  JobsRepository,
  LogsRepository,
  OutboxRepository,
  ProvenanceRepository,
  type RemovalOutcome,
  RolloutProgressRepository,
  toChunk,
} from '@pc/deployments-store';
import { Database } from '@pc/platform';

/**
 * The worker's reads and writes in the deployments schema, each a transaction of the store's
 * repositories: one lock per job (a duplicate delivery never runs a job twice at once), step results (a
 * redelivered job resumes after its last completed step), numbered log lines (a line written again by a
 * redelivery is the same line), and the outcome with its durable event, in one transaction.
 */
@Injectable()
export class JobStore {
  constructor(
    private readonly db: Database,
    private readonly jobs: JobsRepository,
    private readonly deployments: DeploymentsRepository,
    private readonly logs: LogsRepository,
    private readonly provenance: ProvenanceRepository,
    private readonly rollouts: RolloutProgressRepository,
    private readonly outbox: OutboxRepository,
  ) {}

  /** The job's run lock (see `JobsRepository.lockForRun`); null when another worker holds it. */
  lock(jobId: string): Promise<{ release(): Promise<void> } | null> {
    return this.jobs.lockForRun(this.db.pool, jobId);
  }

  async load(jobId: string): Promise<{ job: JobRow; deployment: DeploymentRow } | null> {
    const job = await this.jobs.findById(this.db.pool, jobId);
    if (!job) return null;
    const deployment = await this.deployments.findById(this.db.pool, job.deployment_id);
    return deployment ? { job, deployment } : null;
  }

  /** The health timeout of a roll-out (null: no such roll-out any more). */
  rolloutHealthTimeout(rolloutId: string): Promise<number | null> {
    return this.rollouts.healthTimeout(this.db.pool, rolloutId);
  }

  /** False once the roll-out has ended (aborted, for one): nobody waits for its health any more. */
  rolloutActive(rolloutId: string): Promise<boolean> {
    return this.rollouts.isActive(this.db.pool, rolloutId);
  }

  async start(job: JobRow, attempt: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.jobs.start(tx, job.id, attempt);
      if (job.kind === 'deploy') await this.deployments.markRunning(tx, job.deployment_id);
    });
  }

  saveStep(jobId: string, step: string, result: unknown): Promise<void> {
    return this.jobs.saveStep(this.db.pool, jobId, step, result);
  }

  /**
   * The deployment's attestation: the one stored when its subjects are these, else `envelope` (see
   * `ProvenanceRepository.keep`). One row per deployment, whatever the deliveries.
   */
  keepProvenance(
    deploymentId: string,
    jobId: string,
    keyId: string,
    envelope: unknown,
    subjects: unknown,
  ): Promise<unknown> {
    return this.provenance.keep(this.db.pool, { deploymentId, jobId, keyId, envelope, subjects });
  }

  setStep(jobId: string, step: string): Promise<void> {
    return this.jobs.setStep(this.db.pool, jobId, step);
  }

  cancelRequested(jobId: string): Promise<boolean> {
    return this.jobs.cancelRequested(this.db.pool, jobId);
  }

  /**
   * Appends a line to the job's log, numbered without gaps; a line whose key was written before (a
   * redelivered job repeating a step) is not written again: null.
   */
  async appendLog(
    job: Pick<JobRow, 'id' | 'deployment_id'>,
    key: string,
    step: string,
    level: LogChunk['level'],
    text: string,
  ): Promise<LogChunk | null> {
    const row = await this.logs.append(this.db.pool, {
      job_id: job.id,
      deployment_id: job.deployment_id,
      key,
      step,
      level,
      text,
    });
    return row ? toChunk(row) : null;
  }

  /**
   * Ends a job (and, for a deploy job, its deployment); a deployment's success or failure also writes its
   * event. A self-heal (a deploy job of a deployment that had succeeded: `deployment` as it was when the
   * job was taken) that fails or is cancelled leaves the deployment as it was: the failure is kept on its
   * drift, and no failure event is written. One that succeeds writes its success marked `self_heal`: the
   * item was applied again, not deployed again, so the deploy counts skip it.
   */
  async finish(
    job: JobRow,
    deployment: DeploymentRow,
    status: EndedJobStatus,
    error: string | null,
    outcome?: DeployOutcome,
    removal?: RemovalOutcome,
  ): Promise<JobRow | null> {
    return this.db.transaction(async (tx) => {
      const ended = await this.jobs.end(tx, job.id, status, error);
      if (!ended) return null;
      if (job.kind === 'deploy') {
        const recorded = await this.deployments.recordOutcome(tx, deployment.id, status, error, outcome);
        if (!recorded && status !== 'succeeded')
          await this.deployments.recordFailedHeal(tx, deployment.id, {
            job_id: job.id,
            status,
            error,
            at: (ended.finished_at ?? new Date()).toISOString(),
          });
        // A success counts a deploy (catalog, rulesets) unless it is a self-heal's and, like a failure,
        // reaches the webhooks of its author and workspace (identity); the deployments service relays
        // both from the outbox.
        if (recorded && (status === 'succeeded' || status === 'failed')) {
          const event: DeploymentSucceededEvent = {
            deployment_id: deployment.id,
            asset_type: deployment.asset_type,
            policy_id: deployment.policy_id,
            ruleset_id: deployment.ruleset_id,
            workspace_id: deployment.workspace_id,
            connection_id: deployment.connection_id,
            platform_org_id: deployment.platform_org_id,
            created_by: deployment.created_by,
          };
          if (status === 'succeeded')
            await this.outbox.addEvent(tx, DeploymentsEvents.deploymentSucceeded, {
              ...event,
              self_heal: deployment.status === 'succeeded',
            });
          else
            await this.outbox.addEvent(tx, DeploymentsEvents.deploymentFailed, {
              ...event,
              error,
            } satisfies DeploymentFailedEvent);
        }
      } else if (job.kind === 'restore' && status === 'succeeded')
        await this.deployments.markRestored(tx, deployment.id);
      else if (removal && status === 'succeeded')
        await this.deployments.recordRemoval(tx, deployment.id, removal);
      return ended;
    });
  }
}
