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

  /** The caller's deployments, newest first, a page at a time (keyset cursor on created_at and id). */
  async list(ctx: RequestContext, req: ListDeploymentsRequest): Promise<ListDeploymentsResult> {
    const caller = requireUser(ctx);
    const limit = req.limit ?? L.pageDefault;
    const rows = await this.deployments.list(this.db.pool, {
      createdBy: caller.userId,
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

  /** Only a failed deployment may be deleted (409 otherwise); its jobs and logs go with it. */
  async remove(ctx: RequestContext, id: string): Promise<{ deletedDeploymentId: string }> {
    return this.db.transaction(async (tx) => {
      const row = await this.access.owned(tx, ctx, id, { lock: true });
      if (row.status !== 'failed')
        throw deploymentsError(
          'DEPLOYMENTS.NOT_DELETABLE',
          `Only a failed deployment can be deleted; this one is ${row.status}`,
        );
      await this.deployments.delete(tx, id);
      return { deletedDeploymentId: id };
    });
  }

  async deleteFailed(ctx: RequestContext, policyId?: string): Promise<DeleteFailedResult> {
    const caller = requireUser(ctx);
    const ids = await this.deployments.deleteFailed(this.db.pool, caller.userId, policyId, L.deleteFailedMax);
    return { deletedCount: ids.length, deletedDeploymentIds: ids };
  }

  /** What `deleteFailed` would delete now, and each one's workspace (the gateway's audit names them). */
  async listFailed(ctx: RequestContext, policyId?: string): Promise<{ deployments: FailedDeployment[] }> {
    const caller = requireUser(ctx);
    return {
      deployments: await this.deployments.failedOf(this.db.pool, caller.userId, policyId, L.deleteFailedMax),
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
