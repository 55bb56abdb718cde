import { Injectable } from '@nestjs/common';
import {
  DEPLOYMENT_LIMITS as L,
  type LogsAfterRequest,
  type LogsAfterResult,
  type RequestContext,
} from '@pc/contracts';
import { toChunk, toJob } from '../deployments/deployment.mapper';
import { DeploymentAccess } from '../deployments/deployment-access';
import { DeploymentsRepository } from '../deployments/deployments.repository';

@Injectable()
export class LogsService {
  constructor(
    private readonly deployments: DeploymentsRepository,
    private readonly access: DeploymentAccess,
  ) {}

  /**
   * Stored chunks of the deployment's latest job after a position (for the gateway's stream). A position
   * in an older job (a client resuming after a new job started) restarts at the latest job's beginning.
   */
  async after(ctx: RequestContext, req: LogsAfterRequest): Promise<LogsAfterResult> {
    await this.access.visible(ctx, req.id);
    const job = await this.deployments.latestJob(req.id);
    if (!job) return { job: null, chunks: [], more: false };
    const from = req.after && req.after.jobId === job.id ? req.after.seq : 0;
    const limit = Math.min(req.limit ?? L.historyLogsMax, L.historyLogsMax);
    const rows = await this.deployments.logsAfter(job.id, from, limit + 1);
    return { job: toJob(job), chunks: rows.slice(0, limit).map(toChunk), more: rows.length > limit };
  }
}
