import { Injectable } from '@nestjs/common';
import type { RequestContext } from '@pc/contracts';
import { BusClient, type Executor, forbidden, notFound } from '@pc/platform';
import { requireUser } from '../common/caller';
import { type DeploymentRow, DeploymentsRepository } from '@pc/deployments-store';
import { callerWorkspaceIds } from './caller-workspaces';

/**
 * Who may see and change a deployment: its author sees and changes it; a platform administrator sees it
 * (403 on changes); a roll-out's deployment is seen by the current members of its workspace only, as the
 * roll-out is (its author while a member changes it, other members get 403); everyone else gets 404, as
 * if it did not exist. The lists of the caller's deployments keep the same rule (`rolloutWorkspaces`).
 */
@Injectable()
export class DeploymentAccess {
  constructor(
    private readonly deployments: DeploymentsRepository,
    private readonly bus: BusClient,
  ) {}

  /** The deployment, read (and locked, with `lock`) on `db`, when the caller may see it; else 404. */
  async visible(
    db: Executor,
    ctx: RequestContext,
    id: string,
    opts: { lock?: boolean } = {},
  ): Promise<DeploymentRow> {
    const caller = requireUser(ctx);
    const row = await this.deployments.findById(db, id, opts);
    if (!row) throw notFound('Deployment');
    if (row.rollout_id !== null) {
      // A roll-out's deployment is its workspace's, as the roll-out is: an author removed from the
      // workspace no longer sees or changes it.
      if (caller.isAdmin || (await this.isMember(ctx, row.workspace_id))) return row;
      throw notFound('Deployment');
    }
    if (row.created_by === caller.userId || caller.isAdmin) return row;
    throw notFound('Deployment');
  }

  /** `visible`, and the caller's own (403 otherwise). */
  async owned(
    db: Executor,
    ctx: RequestContext,
    id: string,
    opts: { lock?: boolean } = {},
  ): Promise<DeploymentRow> {
    const row = await this.visible(db, ctx, id, opts);
    if (row.created_by !== requireUser(ctx).userId)
      throw forbidden('Only the author of a deployment may change it');
    return row;
  }

  /**
   * The workspaces whose roll-outs' deployments the caller sees, for a list to filter on (one question to
   * the workspaces service per request); null for an administrator, who sees them all.
   */
  async rolloutWorkspaces(ctx: RequestContext): Promise<string[] | null> {
    if (requireUser(ctx).isAdmin) return null;
    return callerWorkspaceIds(this.bus, ctx);
  }

  private async isMember(ctx: RequestContext, workspaceId: string): Promise<boolean> {
    return (await callerWorkspaceIds(this.bus, ctx)).includes(workspaceId);
  }
}
