import { Injectable } from '@nestjs/common';
import { APPLIED_STATUSES, type DeploymentJob, type JobKind, type RequestContext } from '@pc/contracts';
import { type DeploymentRow, DeploymentsRepository, JobsRepository, toJob } from '@pc/deployments-store';
import { Database } from '@pc/platform';
import { DeploymentAccess } from '../deployments';
import { JobQueue } from './job-queue';

@Injectable()
export class JobsService {
  constructor(
    private readonly db: Database,
    private readonly jobs: JobsRepository,
    private readonly deployments: DeploymentsRepository,
    private readonly access: DeploymentAccess,
    private readonly queue: JobQueue,
  ) {}

  /**
   * Stops the deployment's job: a queued job is cancelled at once; a running one is asked to stop, which
   * its worker sees between steps and during the build (it kills the build process). `ok` false when
   * nothing was in flight. A self-heal cancelled before it started leaves its deployment succeeded, with
   * the cancellation on its drift (as its worker records a heal stopped later).
   */
  async cancel(ctx: RequestContext, id: string): Promise<{ ok: boolean }> {
    return this.db.transaction(async (tx) => {
      // No lock on the deployment first: the job row, then the deployment, is the order the worker
      // takes them in (a cancel that locked the deployment first deadlocked with a starting job).
      const deployment = await this.access.owned(tx, ctx, id);
      const job = await this.jobs.requestCancel(tx, id);
      if (job?.kind === 'deploy' && job.status === 'cancelled' && deployment.status === 'succeeded')
        await this.deployments.recordFailedHeal(tx, id, {
          job_id: job.id,
          status: 'cancelled',
          error: job.error,
          at: (job.finished_at ?? new Date()).toISOString(),
        });
      return { ok: job !== null };
    });
  }

  /** Removes the policy from the target organization and deletes its -dev versions (null: nothing to do). */
  unpublish(ctx: RequestContext, id: string): Promise<{ job: DeploymentJob | null }> {
    return this.enqueueRemoval(
      ctx,
      id,
      'unpublish',
      (d) => d.applied_version !== null || d.dev_versions.length > 0,
    );
  }

  /** Deletes the released version from the registry (and its application); null when none was released. */
  deleteRelease(ctx: RequestContext, id: string): Promise<{ job: DeploymentJob | null }> {
    return this.enqueueRemoval(ctx, id, 'delete-release', (d) => d.do_release && d.version !== null);
  }

  private async enqueueRemoval(
    ctx: RequestContext,
    id: string,
    kind: JobKind,
    somethingToDo: (d: DeploymentRow) => boolean,
  ): Promise<{ job: DeploymentJob | null }> {
    const job = await this.db.transaction(async (tx) => {
      const deployment = await this.access.owned(tx, ctx, id, { lock: true });
      if (!APPLIED_STATUSES.includes(deployment.status) || !somethingToDo(deployment)) return null;
      return this.jobs.insert(tx, id, kind);
    });
    if (!job) {
      // Nothing to do, or a job of this deployment is already in flight (that one is returned).
      const latest = await this.jobs.latestOf(this.db.pool, id);
      const inFlight = latest && (latest.status === 'queued' || latest.status === 'running') ? latest : null;
      return { job: inFlight && inFlight.kind === kind ? toJob(inFlight) : null };
    }
    await this.queue.enqueue(job);
    return { job: toJob(job) };
  }
}
