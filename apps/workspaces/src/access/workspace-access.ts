import { Injectable } from '@nestjs/common';
import { type RequestContext, type UserCaller, type WorkspaceRole } from '@pc/contracts';
import { Database, DomainError, type Executor, forbidden, notFound, requireUser } from '@pc/platform';
import { workspacesError } from '../common/workspaces.errors';
import { AccessRepository, type MemberRow, type WorkspaceRow } from './access.repository';

export interface WorkspaceAccess {
  caller: UserCaller;
  workspace: WorkspaceRow;
  /** Null for a platform administrator who is not an active member (read-only). */
  role: WorkspaceRole | null;
}

/**
 * The permission rules of a workspace, in one place:
 * - active members (owner, admin, member) see it; a platform administrator who is not one sees it
 *   read-only with role null; everyone else, disabled members included, gets 404;
 * - owner and admins manage members and shared connections (`manage`); only the owner archives;
 * - an archived workspace takes no writes (409 WORKSPACES.ARCHIVED);
 * - but what only takes access away from the caller's own is always theirs to do, archived or not: an
 *   admin or member leaves (`leave`; the owner cannot, nor can anyone a personal workspace), and the owner
 *   of a connection withdraws its share whatever their role is now (`withdrawing`); a member reads what
 *   leaving would touch (`readImpact`).
 */
@Injectable()
export class WorkspaceAccessRules {
  constructor(
    private readonly db: Database,
    private readonly access: AccessRepository,
  ) {}

  /** Outside a transaction (`db` defaults to the pool) or inside one (`lock` holds the workspace row). */
  async view(
    ctx: RequestContext,
    id: string,
    db: Executor = this.db.pool,
    lock = false,
  ): Promise<WorkspaceAccess> {
    const caller = requireUser(ctx);
    const workspace = await this.access.findWorkspace(db, id, { lock });
    if (!workspace) throw notFound('Workspace');
    if (workspace.owner_id === caller.userId) return { caller, workspace, role: 'owner' };
    const member = workspace.is_personal ? null : await this.access.findMember(db, id, caller.userId);
    if (member && member.disabled_at === null) return { caller, workspace, role: member.role };
    if (caller.isAdmin) return { caller, workspace, role: null };
    throw notFound('Workspace');
  }

  /** Owner or admin of a workspace that is not archived, inside a transaction holding the workspace row. */
  async manage(ctx: RequestContext, id: string, db: Executor): Promise<WorkspaceAccess> {
    const access = await this.view(ctx, id, db, true);
    if (access.role !== 'owner' && access.role !== 'admin')
      throw forbidden('Only the owner and admins of this workspace may do this');
    writable(access.workspace);
    return access;
  }

  /** Owner or admin, for reading what only managers see (impacts). */
  async manageRead(ctx: RequestContext, id: string): Promise<WorkspaceAccess> {
    const access = await this.view(ctx, id);
    if (access.role !== 'owner' && access.role !== 'admin')
      throw forbidden('Only the owner and admins of this workspace may do this');
    return access;
  }

  /** One's own impact (before leaving), or anyone's for the owner and admins. */
  async readImpact(ctx: RequestContext, id: string, userId: string): Promise<WorkspaceAccess> {
    return requireUser(ctx).userId === userId ? this.view(ctx, id) : this.manageRead(ctx, id);
  }

  /**
   * An active admin or member leaving, inside a transaction holding the workspace row: archived or not (it
   * only takes access away; from a workspace not archived it frees their place under the membership cap).
   * The owner cannot (ownership is never transferred), and a personal workspace has nobody to leave it.
   */
  async leave(ctx: RequestContext, id: string, db: Executor): Promise<WorkspaceAccess> {
    const access = await this.view(ctx, id, db, true);
    if (access.workspace.is_personal)
      throw workspacesError('WORKSPACES.PERSONAL', 'A personal workspace cannot be left');
    if (access.role === 'owner')
      throw workspacesError(
        'WORKSPACES.OWNER_CANNOT_LEAVE',
        'The owner cannot leave the workspace: ownership cannot be transferred, archive it instead',
      );
    // A platform administrator who is not a member has nothing to leave.
    if (access.role === null) throw notFound('Member');
    return access;
  }

  /**
   * The workspace, its row held, for a caller withdrawing their own connection's share: whatever their role
   * now (demoted, disabled, gone) and archived or not, since it only takes access away. Whether the share
   * is theirs is the shares feature's to check; anyone else's share goes through `manage`.
   */
  async withdrawing(
    ctx: RequestContext,
    id: string,
    db: Executor,
  ): Promise<{ caller: UserCaller; workspace: WorkspaceRow }> {
    const caller = requireUser(ctx);
    const workspace = await this.access.findWorkspace(db, id, { lock: true });
    if (!workspace) throw notFound('Workspace');
    return { caller, workspace };
  }

  /** One membership (any state), for the rules of the members feature. */
  member(db: Executor, workspaceId: string, userId: string): Promise<MemberRow | null> {
    return this.access.findMember(db, workspaceId, userId);
  }

  /** Members who see the workspace now (what a share reaches). */
  activeMembers(db: Executor, workspaceId: string): Promise<number> {
    return this.access.countActiveMembers(db, workspaceId);
  }

  async owner(ctx: RequestContext, id: string, db: Executor): Promise<WorkspaceAccess> {
    const access = await this.view(ctx, id, db, true);
    if (access.role !== 'owner') throw forbidden('Only the owner of this workspace may do this');
    return access;
  }
}

export function writable(workspace: WorkspaceRow): void {
  if (workspace.archived_at !== null)
    throw new DomainError(
      'WORKSPACES.ARCHIVED',
      'This workspace is archived: unarchive it before changing it',
    );
}
