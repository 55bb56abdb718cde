import { Injectable } from '@nestjs/common';
import {
  DEPLOYMENT_LIMITS as L,
  type LogsAfterRequest,
  type LogsAfterResult,
  type RequestContext,
} from '@pc/contracts';
import { JobsRepository, LogsRepository, toChunk, toJob } from '@pc/deployments-store';
import { Database } from '@pc/platform';
import { DeploymentAccess } from '../deployments';

@Injectable()
export class LogsService {
  constructor(
    private readonly db: Database,
    private readonly jobs: JobsRepository,
    private readonly logs: LogsRepository,
    private readonly access: DeploymentAccess,
  ) {}

  /**
   * Stored chunks of the deployment's latest job (or of `jobId`, one of its jobs) after a position, for
   * the gateway's stream. A position in an older job (a client resuming after a new job started)
   * restarts at the latest job's beginning; a stream already open reads its own job to its end.
   */
  async after(ctx: RequestContext, req: LogsAfterRequest): Promise<LogsAfterResult> {
    await this.access.visible(this.db.pool, ctx, req.id);
    const job = req.jobId
      ? await this.jobs.findOf(this.db.pool, req.id, req.jobId)
      : await this.jobs.latestOf(this.db.pool, req.id);
    if (!job) return { job: null, chunks: [], more: false };
    const from = req.after && req.after.jobId === job.id ? req.after.seq : 0;
    const limit = Math.min(req.limit ?? L.historyLogsMax, L.historyLogsMax);
    const rows = await this.logs.after(this.db.pool, job.id, from, limit + 1);
    return { job: toJob(job), chunks: rows.slice(0, limit).map(toChunk), more: rows.length > limit };
  }
}
