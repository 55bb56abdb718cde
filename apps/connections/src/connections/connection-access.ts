import { Injectable } from '@nestjs/common';
import { type RequestContext, WorkspacesRpc } from '@pc/contracts';
import { BusClient, Database, forbidden, notFound, requireUser } from '@pc/platform';
import { type ConnectionRow, ConnectionsRepository } from './connections.repository';

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
    const caller = requireUser(ctx);
    const row = await this.connections.findById(this.db.pool, id);
    if (!row) throw notFound('Connection');
    if (row.owner_id === caller.userId) return { row, owner: true };
    const { workspaceIds } = await this.bus.request(WorkspacesRpc.connectionAccess, ctx, {
      connectionId: id,
    });
    if (workspaceIds.length === 0) throw notFound('Connection');
    return { row, owner: false };
  }
}
