import { Injectable } from '@nestjs/common';
import type { RequestContext } from '@pc/contracts';
import { BusClient, notFound } from '@pc/platform';
import { requireUser } from '../common/caller';
import { callerWorkspaceIds } from '../deployments';
import type { RolloutRow } from './rollout.rows';

/**
 * Who may see and act on a roll-out: the active members of its workspace (a platform administrator reads
 * it too); everyone else gets 404, as if it did not exist. Membership is asked first and alone: an author
 * removed from the workspace loses the roll-outs they started there (they ran on its shared connection).
 */
@Injectable()
export class RolloutAccess {
  constructor(private readonly bus: BusClient) {}

  async check(ctx: RequestContext, row: RolloutRow | null, action: 'read' | 'act'): Promise<RolloutRow> {
    const caller = requireUser(ctx);
    if (!row) throw notFound('Roll-out');
    if ((await callerWorkspaceIds(this.bus, ctx)).includes(row.workspace_id)) return row;
    if (action === 'read' && caller.isAdmin) return row;
    throw notFound('Roll-out');
  }

  /**
   * The workspaces whose roll-outs the caller reads, for a list to filter on (one question to the
   * workspaces service per request); null for an administrator, who reads them all.
   */
  async readableWorkspaces(ctx: RequestContext): Promise<string[] | null> {
    if (requireUser(ctx).isAdmin) return null;
    return callerWorkspaceIds(this.bus, ctx);
  }
}
