import { Inject, Injectable } from '@nestjs/common';
import {
  ConnectionsRpc,
  type ConnectionSharesResult,
  type RequestContext,
  type ShareImpact,
  type UserCaller,
  WORKSPACE_LIMITS,
  CONNECTION_LIMITS,
} from '@pc/contracts';
import { BusClient, Database, type Executor, forbidden, notFound, requireUser } from '@pc/platform';
import { type WorkspaceAccess, WorkspaceAccessRules } from '../access';
import { workspacesError } from '../common/workspaces.errors';
import { DEPLOYMENTS_LEDGER, type DeploymentsLedger } from '../deployments';
import { type ShareRow, SharesRepository } from './shares.repository';

/**
 * Connections shared into a workspace. Owner and admins share a connection they own themselves (the
 * connections service is asked), disable one (unshare: the row stays, disabled, so deployments made
 * through it keep their attribution: `unshared` when the connection's owner withdraws it, `paused` when
 * another manager does) and re-enable it (a withdrawn share only by the connection's owner, a paused one
 * by any manager). The connection's owner withdraws it at any time, whatever their role is now and from an
 * archived workspace too (a pause by another manager or by their own removal becomes their withdrawal).
 * Active members may list a shared connection's organizations and deploy with it; they never read its
 * settings.
 */
@Injectable()
export class SharesService {
  constructor(
    private readonly db: Database,
    private readonly shares: SharesRepository,
    private readonly rules: WorkspaceAccessRules,
    private readonly bus: BusClient,
    @Inject(DEPLOYMENTS_LEDGER) private readonly deployments: DeploymentsLedger,
  ) {}

  async share(ctx: RequestContext, workspaceId: string, connectionId: string): Promise<{ ok: true }> {
    await this.rules.view(ctx, workspaceId);
    const { owned } = await this.bus.request(ConnectionsRpc.ownership, ctx, { id: connectionId });
    return this.db.transaction(async (tx) => {
      const { caller } = await this.rules.manage(ctx, workspaceId, tx);
      if (!owned) throw notFound('Connection of yours');
      const existing = await this.shares.find(tx, workspaceId, connectionId);
      if (existing?.disabled_at === null)
        throw workspacesError('WORKSPACES.SHARE_EXISTS', 'This connection is already shared here');
      if (existing)
        throw workspacesError(
          'WORKSPACES.SHARE_DISABLED',
          `This share is disabled: re-enable it with PATCH /api/workspaces/${workspaceId}/connections and the ` +
            `body {"connection_id": "${connectionId}", "disabled": false}`,
        );
      if ((await this.shares.count(tx, workspaceId)) >= WORKSPACE_LIMITS.sharesMax)
        throw workspacesError(
          'WORKSPACES.SHARE_LIMIT',
          `A workspace has at most ${WORKSPACE_LIMITS.sharesMax} shared connections`,
        );
      await this.shares.lockConnection(tx, connectionId);
      if ((await this.shares.countOfConnection(tx, connectionId)) >= CONNECTION_LIMITS.sharesMax)
        throw workspacesError(
          'WORKSPACES.CONNECTION_SHARE_LIMIT',
          `A connection is shared into at most ${CONNECTION_LIMITS.sharesMax} workspaces`,
        );
      await this.shares.insert(tx, workspaceId, connectionId, caller.userId);
      return { ok: true };
    });
  }

  async enable(ctx: RequestContext, workspaceId: string, connectionId: string): Promise<{ ok: true }> {
    return this.db.transaction(async (tx) => {
      const { caller, share, workspace } = await this.managedShare(tx, ctx, workspaceId, connectionId);
      // A withdrawn share stays withdrawn until the connection's owner (who shared it: only an owner
      // can) decides otherwise; a workspace manager cannot hand members someone else's credentials back.
      // A pause by another manager is the workspace's decision: any manager lifts it.
      if (share.disabled_reason === 'unshared' && share.shared_by !== caller.userId)
        throw forbidden("This share was withdrawn: only the connection's owner may re-enable it");
      // Whatever paused it: the credentials of a member disabled since (a share paused before they were
      // keeps its reason) are not handed to the workspace again.
      const sharer = await this.rules.member(tx, workspaceId, share.shared_by);
      if (
        share.disabled_reason === 'owner_disabled' ||
        (share.shared_by !== workspace.owner_id && sharer?.disabled_at !== null)
      )
        throw workspacesError(
          'WORKSPACES.SHARE_OWNER_DISABLED',
          "The connection's owner is a disabled member: re-enable them first",
        );
      await this.shares.setDisabled(tx, workspaceId, connectionId, null);
      return { ok: true };
    });
  }

  async unshare(ctx: RequestContext, workspaceId: string, connectionId: string): Promise<{ ok: true }> {
    return this.db.transaction(async (tx) => {
      const { caller } = await this.rules.withdrawing(ctx, workspaceId, tx);
      const own = await this.shares.find(tx, workspaceId, connectionId);
      // The connection's owner withdraws it, and only they re-enable it then.
      if (own?.shared_by === caller.userId) {
        if (own.disabled_reason !== 'unshared')
          await this.shares.setDisabled(tx, workspaceId, connectionId, 'unshared');
        return { ok: true };
      }
      // Another manager pauses it: a change of the workspace's.
      const { share } = await this.managedShare(tx, ctx, workspaceId, connectionId);
      if (share.disabled_at === null) await this.shares.setDisabled(tx, workspaceId, connectionId, 'paused');
      return { ok: true };
    });
  }

  /** A share a manager of the workspace changes (404 when the connection is not shared into it). */
  private async managedShare(
    tx: Executor,
    ctx: RequestContext,
    workspaceId: string,
    connectionId: string,
  ): Promise<{ caller: UserCaller; share: ShareRow; workspace: WorkspaceAccess['workspace'] }> {
    const { caller, workspace } = await this.rules.manage(ctx, workspaceId, tx);
    const share = await this.shares.find(tx, workspaceId, connectionId);
    if (!share) throw notFound('Shared connection');
    return { caller, share, workspace };
  }

  async impact(ctx: RequestContext, workspaceId: string, connectionId: string): Promise<ShareImpact> {
    const { workspace } = await this.rules.manageRead(ctx, workspaceId);
    const share = await this.shares.find(this.db.pool, workspaceId, connectionId);
    if (!share) throw notFound('Shared connection');
    const [members, authored] = await Promise.all([
      workspace.is_personal ? Promise.resolve(1) : this.rules.activeMembers(this.db.pool, workspaceId),
      this.deployments.throughConnection(ctx, workspaceId, connectionId),
    ]);
    return {
      is_disabled: share.disabled_at !== null,
      disabled_reason: share.disabled_reason,
      members_visible: share.disabled_at === null ? members : 0,
      deployments_authored: authored,
    };
  }

  /** For the connections service. */
  async access(ctx: RequestContext, connectionId: string): Promise<{ workspaceIds: string[] }> {
    const caller = requireUser(ctx);
    return { workspaceIds: await this.shares.accessVia(this.db.pool, connectionId, caller.userId) };
  }

  /** For the connections service (which checked that the caller owns the connection). */
  async ofConnection(connectionId: string): Promise<ConnectionSharesResult> {
    const rows = await this.shares.ofConnection(this.db.pool, connectionId, CONNECTION_LIMITS.sharesMax);
    return {
      shares: rows.map((r) => ({
        workspace_id: r.workspace_id,
        workspace_name: r.name,
        workspace_slug: r.slug,
        shared_at: r.created_at.toISOString(),
        disabled_at: r.disabled_at?.toISOString() ?? null,
        disabled_reason: r.disabled_reason,
      })),
    };
  }

  async removeConnection(connectionId: string): Promise<{ removed: number }> {
    return { removed: await this.shares.removeConnection(this.db.pool, connectionId) };
  }

  // For the other features of this service (members, workspaces), inside their transactions.

  /** Members' shares stop with them (`paused`), and come back when they are re-enabled. */
  pauseSharesOf(tx: Executor, workspaceId: string, userIds: string[], paused: boolean): Promise<void> {
    return this.shares.setSharesOfUsers(tx, workspaceId, userIds, paused);
  }

  /** Active shares a member made in the workspace. */
  countSharedBy(db: Executor, workspaceId: string, userId: string): Promise<number> {
    return this.shares.countSharedBy(db, workspaceId, userId);
  }

  /** The workspace's shares, paused ones too unless `activeOnly`. */
  listIn(
    db: Executor,
    workspaceId: string,
    options: { activeOnly: boolean; limit: number },
  ): Promise<ShareRow[]> {
    return this.shares.list(db, workspaceId, options);
  }
}
