import { Injectable } from '@nestjs/common';
import { type RequestContext, type WorkspaceRole, WorkspacesRpc } from '@pc/contracts';
import { BusClient, DomainError, forbidden, notFound } from '@pc/platform';
import { requireUser } from '../common/caller';

/**
 * What a caller may do with a workspace's governance (its APIs, profiles, evaluations, waivers), from
 * their role there, asked of the workspaces service:
 * - `read`: any active member; a platform administrator too (support), though not a member.
 * - `write` (register, edit, push documents, evaluate): any active member, in a workspace not archived.
 * - `manage` (delete APIs, profiles, waivers, the threshold): the workspace's owner and admins.
 * Anyone else gets the same 404 as for a workspace that does not exist; a member lacking the role a 403.
 */
export type GovernanceAction = 'read' | 'write' | 'manage';

export interface WorkspaceGrant {
  workspaceId: string;
  /** Null for a platform administrator who is not a member (reads only). */
  role: WorkspaceRole | null;
  userId: string;
}

@Injectable()
export class GovernanceAccess {
  constructor(private readonly bus: BusClient) {}

  async check(ctx: RequestContext, workspaceId: string, action: GovernanceAction): Promise<WorkspaceGrant> {
    const caller = requireUser(ctx);
    const { memberships } = await this.bus.request(WorkspacesRpc.list, ctx, {});
    const membership = memberships.find((m) => m.workspace.id === workspaceId);
    if (!membership) {
      if (action === 'read' && caller.isAdmin) return { workspaceId, role: null, userId: caller.userId };
      throw notFound('Workspace');
    }
    if (action !== 'read' && membership.workspace.archived_at !== null)
      throw new DomainError('WORKSPACES.ARCHIVED', 'The workspace is archived: its governance is read-only');
    if (action === 'manage' && membership.role === 'member')
      throw forbidden("Only the workspace's owner and admins may do this");
    return { workspaceId, role: membership.role, userId: caller.userId };
  }
}
