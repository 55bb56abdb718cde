import { Injectable } from '@nestjs/common';
import { APPLIED_STATUSES, type DeploymentJob, type JobKind, type RequestContext } from '@pc/contracts';
import { toJob } from '../deployments/deployment.mapper';
import { DeploymentAccess } from '../deployments/deployment-access';
import type { DeploymentRow } from '../deployments/deployment.rows';
import { DeploymentsRepository } from '../deployments/deployments.repository';
import { JobQueue } from './job-queue';

@Injectable()
export class JobsService {
  constructor(
    private readonly deployments: DeploymentsRepository,
    private readonly access: DeploymentAccess,
    private readonly queue: JobQueue,
  ) {}

  /**
   * Stops the deployment's job: a queued job is cancelled at once; a running one is asked to stop, which
   * its worker sees between steps and during the build (it kills the build process). `ok` false when
   * nothing was in flight.
   */
  async cancel(ctx: RequestContext, id: string): Promise<{ ok: boolean }> {
    return this.deployments.transaction(async (db) => {
      // No lock on the deployment first: the job row, then the deployment, is the order the worker
      // takes them in (a cancel that locked the deployment first deadlocked with a starting job).
      await this.access.owned(ctx, id, db);
      return { ok: await this.deployments.requestCancel(db, id) };
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
    const job = await this.deployments.transaction(async (db) => {
      const deployment = await this.access.owned(ctx, id, db, true);
      if (!APPLIED_STATUSES.includes(deployment.status) || !somethingToDo(deployment)) return null;
      return this.deployments.insertJob(db, id, kind);
    });
    if (!job) {
      // Nothing to do, or a job of this deployment is already in flight (that one is returned).
      const latest = await this.deployments.latestJob(id);
      const inFlight = latest && (latest.status === 'queued' || latest.status === 'running') ? latest : null;
      return { job: inFlight && inFlight.kind === kind ? toJob(inFlight) : null };
    }
    await this.queue.enqueue(job);
    return { job: toJob(job) };
  }
}
