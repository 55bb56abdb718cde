import { Injectable } from '@nestjs/common';
import {
  DEPLOYMENT_LIMITS as L,
  type DeleteFailedResult,
  type FailedDeployment,
  type Deployment,
  type DeploymentHistoryResult,
  type ListDeploymentsRequest,
  type ListDeploymentsResult,
  type RequestContext,
} from '@pc/contracts';
import { Database, decodeTimeKeyset, encodeKeyset } from '@pc/platform';
import { deploymentsError } from '../common/deployments.errors';
import { requireUser } from '../common/caller';
import {
  DeploymentsRepository,
  type FailedFilter,
  JobsRepository,
  LogsRepository,
  toChunk,
  toDeployment,
  toJob,
} from '@pc/deployments-store';
import { DeploymentAccess } from './deployment-access';

/** The list a cursor of the caller's deployments belongs to. */
const DEPLOYMENTS = 'deployments';

@Injectable()
export class DeploymentsService {
  constructor(
    private readonly db: Database,
    private readonly deployments: DeploymentsRepository,
    private readonly jobs: JobsRepository,
    private readonly logs: LogsRepository,
    private readonly access: DeploymentAccess,
  ) {}

  /**
   * The caller's deployments, newest first, a page at a time (keyset cursor on created_at and id): those
   * they see by id, so a roll-out's only while they are a member of its workspace.
   */
  async list(ctx: RequestContext, req: ListDeploymentsRequest): Promise<ListDeploymentsResult> {
    const caller = requireUser(ctx);
    const limit = req.limit ?? L.pageDefault;
    const rows = await this.deployments.list(this.db.pool, {
      createdBy: caller.userId,
      rolloutWorkspaceIds: await this.access.rolloutWorkspaces(ctx),
      rulesetId: req.rulesetId,
      policyId: req.policyId,
      assetType: req.assetType,
      before: decodeTimeKeyset(req.cursor, DEPLOYMENTS) ?? undefined,
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const hasMore = rows.length > limit;
    return {
      deployments: page.map(toDeployment),
      pagination: {
        limit,
        has_more: hasMore,
        next_cursor:
          hasMore && last
            ? encodeKeyset(DEPLOYMENTS, { key: last.created_at.toISOString(), id: last.id })
            : null,
      },
    };
  }

  async get(ctx: RequestContext, id: string): Promise<{ deployment: Deployment }> {
    return { deployment: toDeployment(await this.access.visible(this.db.pool, ctx, id)) };
  }

  /**
   * Only a failed deployment may be deleted (409 otherwise), and a roll-out's only once the roll-out has
   * ended (its rollback restores the organization through it); its jobs and logs go with it.
   */
  async remove(ctx: RequestContext, id: string): Promise<{ deletedDeploymentId: string }> {
    return this.db.transaction(async (tx) => {
      const row = await this.access.owned(tx, ctx, id, { lock: true });
      if (row.status !== 'failed')
        throw deploymentsError(
          'DEPLOYMENTS.NOT_DELETABLE',
          `Only a failed deployment can be deleted; this one is ${row.status}`,
        );
      if (row.rollout_id !== null && (await this.deployments.rolloutActive(tx, row.rollout_id)))
        throw deploymentsError(
          'DEPLOYMENTS.NOT_DELETABLE',
          `This deployment is a change of roll-out ${row.rollout_id}, which has not ended: it can be deleted once the roll-out has`,
        );
      await this.deployments.delete(tx, id);
      return { deletedDeploymentId: id };
    });
  }

  /** Deletes the caller's failed deployments that `remove` would delete, the oldest first. */
  async deleteFailed(ctx: RequestContext, policyId?: string): Promise<DeleteFailedResult> {
    const ids = await this.deployments.deleteFailed(this.db.pool, await this.failedFilter(ctx, policyId));
    return { deletedCount: ids.length, deletedDeploymentIds: ids };
  }

  /** What `deleteFailed` would delete now, and each one's workspace (the gateway's audit names them). */
  async listFailed(ctx: RequestContext, policyId?: string): Promise<{ deployments: FailedDeployment[] }> {
    return {
      deployments: await this.deployments.failedOf(this.db.pool, await this.failedFilter(ctx, policyId)),
    };
  }

  private async failedFilter(ctx: RequestContext, policyId?: string): Promise<FailedFilter> {
    return {
      createdBy: requireUser(ctx).userId,
      policyId,
      rolloutWorkspaceIds: await this.access.rolloutWorkspaces(ctx),
      limit: L.deleteFailedMax,
    };
  }

  /** The deployment's jobs (newest first), the latest job, and that job's most recent log chunks. */
  async history(ctx: RequestContext, id: string): Promise<DeploymentHistoryResult> {
    await this.access.visible(this.db.pool, ctx, id);
    const jobs = await this.jobs.jobsOf(this.db.pool, id, L.historyJobsMax);
    const latest = jobs[0] ?? null;
    const logs = latest ? await this.logs.recent(this.db.pool, latest.id, L.historyLogsMax) : [];
    return { jobs: jobs.map(toJob), job: latest ? toJob(latest) : null, logs: logs.map(toChunk) };
  }
}
