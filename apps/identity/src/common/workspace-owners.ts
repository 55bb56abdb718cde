import { Injectable } from '@nestjs/common';
import { type RequestContext, type WorkspaceRole, WorkspacesRpc } from '@pc/contracts';
import { BusClient, forbidden, notFound, requireUser } from '@pc/platform';

/**
 * Who may act on a workspace's webhooks and read its audit entries: its owner (the workspaces service
 * says, from the caller's memberships). A caller who is not an active member gets 404, a member who
 * is not the owner 403.
 */
@Injectable()
export class WorkspaceOwners {
  constructor(private readonly bus: BusClient) {}

  async roleOf(ctx: RequestContext, workspaceId: string): Promise<WorkspaceRole | null> {
    requireUser(ctx);
    const { memberships } = await this.bus.request(WorkspacesRpc.list, ctx, {});
    return memberships.find((m) => m.workspace.id === workspaceId)?.role ?? null;
  }

  async requireOwner(ctx: RequestContext, workspaceId: string): Promise<void> {
    const role = await this.roleOf(ctx, workspaceId);
    if (role === null) throw notFound('Workspace');
    if (role !== 'owner')
      throw forbidden("Only the workspace's owner manages its webhooks and reads its audit log");
  }

  /**
   * Whether `userId` is an active member (or the owner) of the workspace: asked as that user, for the
   * events of a workspace that reach its author's own endpoints (a member disabled since hears none).
   */
  async isActiveMember(userId: string, workspaceId: string, requestId: string): Promise<boolean> {
    const asMember: RequestContext = {
      requestId,
      caller: { kind: 'user', userId, isAdmin: false, scopes: ['api:read'], via: 'token' },
    };
    return (await this.roleOf(asMember, workspaceId)) !== null;
  }

  /** True for the owner; false otherwise (no error: the caller asked about an endpoint, not the workspace). */
  async isOwner(ctx: RequestContext, workspaceId: string): Promise<boolean> {
    return (await this.roleOf(ctx, workspaceId)) === 'owner';
  }
}
