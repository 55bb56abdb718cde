import { Injectable } from '@nestjs/common';
import { type RequestContext, WorkspacesRpc } from '@pc/contracts';
import { BusClient, Database, forbidden, notFound, requireUser } from '@pc/platform';
import { type ConnectionRow, ConnectionsRepository } from './connections.repository';

/** Why the work of a deployment stops when its workspace may no longer use the connection (a job's error). */
const NOT_USABLE_IN_WORKSPACE =
  "The connection is not shared into this deployment's workspace any more (its owner withdrew it, or the " +
  "deployment's author is no longer an active member there): stopped rather than use it through another " +
  'workspace; share it into this workspace again, or deploy with another connection';

/**
 * Who may see a connection: its owner, and active members of a workspace it is actively shared into
 * (asked of the workspaces service). Members may list its organizations and deploy with it, never read
 * its settings or change it (403). Everyone else gets 404, as if it did not exist.
 */
@Injectable()
export class ConnectionAccess {
  constructor(
    private readonly db: Database,
    private readonly connections: ConnectionsRepository,
    private readonly bus: BusClient,
  ) {}

  /** The row, for its owner; 403 for a member who may use it; 404 for anyone else. */
  async owned(ctx: RequestContext, id: string): Promise<ConnectionRow> {
    const { row, owner } = await this.visible(ctx, id);
    if (!owner) throw forbidden('Only the owner of a connection may read its settings or change it');
    return row;
  }

  /** The row, for its owner or a member of a workspace it is shared into; 404 for anyone else. */
  async visible(ctx: RequestContext, id: string): Promise<{ row: ConnectionRow; owner: boolean }> {
    const { row, workspaceIds } = await this.reach(ctx, id);
    return { row, owner: workspaceIds === null };
  }

  /**
   * The row, for the work of a deployment made in `workspaceId` (its jobs, drift checks, heals): the
   * connection must still be usable there, as creating the deployment asked: its owner's, or actively
   * shared into that workspace with the caller (the author) an active member. 404 for anyone it is not
   * visible to; 403 for one who reaches it only through other workspaces (its owner withdrew it from this
   * one, or the author no longer belongs there). `null`: work of no workspace, the owner's alone.
   */
  async usableIn(ctx: RequestContext, id: string, workspaceId: string | null): Promise<ConnectionRow> {
    const { row, workspaceIds } = await this.reach(ctx, id);
    if (workspaceIds === null || (workspaceId !== null && workspaceIds.includes(workspaceId))) return row;
    throw forbidden(
      workspaceId === null
        ? 'Only the owner of a connection may use it outside the workspace of a deployment'
        : NOT_USABLE_IN_WORKSPACE,
    );
  }

  /** The row and the workspaces through which the caller reaches it (null: they own it); 404 for neither. */
  private async reach(
    ctx: RequestContext,
    id: string,
  ): Promise<{ row: ConnectionRow; workspaceIds: string[] | null }> {
    const caller = requireUser(ctx);
    const row = await this.connections.findById(this.db.pool, id);
    if (!row) throw notFound('Connection');
    if (row.owner_id === caller.userId) return { row, workspaceIds: null };
    const { workspaceIds } = await this.bus.request(WorkspacesRpc.connectionAccess, ctx, {
      connectionId: id,
    });
    if (workspaceIds.length === 0) throw notFound('Connection');
    return { row, workspaceIds };
  }
}
