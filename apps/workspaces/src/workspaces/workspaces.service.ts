import { Inject, Injectable } from '@nestjs/common';
import {
  type ArchiveResult,
  ConnectionsRpc,
  type CreateWorkspaceRequest,
  type DisabledMember,
  IdentityRpc,
  type RequestContext,
  type UnarchiveResult,
  type Workspace,
  type WorkspaceConnection,
  type WorkspaceDetail,
  type WorkspaceMember,
  type WorkspaceMembership,
  WORKSPACE_LIMITS,
} from '@pc/contracts';
import { badRequest, BusClient, createLogger, Database, type Executor, requireUser } from '@pc/platform';
import { type MemberRow, type WorkspaceRow, WorkspaceAccessRules } from '../access';
import { workspacesError } from '../common/workspaces.errors';
import { DEPLOYMENTS_LEDGER, type DeploymentsLedger } from '../deployments';
import { MembersService } from '../members';
import { type ShareRow, SharesService } from '../shares';
import { toWorkspace } from './workspace.mapper';
import { WorkspacesRepository } from './workspaces.repository';

const log = createLogger('workspaces');

/** The slugs of personal workspaces (`personal-<owner id>`): no created workspace takes one. */
const PERSONAL_PREFIX = 'personal-';

@Injectable()
export class WorkspacesService {
  constructor(
    private readonly db: Database,
    private readonly workspaces: WorkspacesRepository,
    private readonly members: MembersService,
    private readonly shares: SharesService,
    private readonly rules: WorkspaceAccessRules,
    private readonly bus: BusClient,
    @Inject(DEPLOYMENTS_LEDGER) private readonly deployments: DeploymentsLedger,
  ) {}

  /** The caller's workspaces; the personal one is created on first use. */
  async list(ctx: RequestContext): Promise<{ memberships: WorkspaceMembership[] }> {
    const caller = requireUser(ctx);
    await this.workspaces.ensurePersonal(this.db.pool, caller.userId);
    const rows = await this.workspaces.memberships(this.db.pool, caller.userId, {
      counted: WORKSPACE_LIMITS.membershipsMax,
      archived: WORKSPACE_LIMITS.membershipsListedMax - WORKSPACE_LIMITS.membershipsMax,
    });
    return { memberships: rows.map((row) => ({ workspace: toWorkspace(row), role: row.role })) };
  }

  async create(ctx: RequestContext, request: CreateWorkspaceRequest): Promise<{ workspace: Workspace }> {
    const caller = requireUser(ctx);
    const name = request.name.trim();
    if (request.slug?.startsWith(PERSONAL_PREFIX))
      throw badRequest('Invalid slug', [{ field: 'slug', message: 'must not start with personal-' }]);
    return this.db.transaction(async (tx) => {
      await this.workspaces.lockOwner(tx, caller.userId);
      await this.members.claimMembership(tx, caller.userId);
      if ((await this.workspaces.countOwned(tx, caller.userId)) >= WORKSPACE_LIMITS.ownedMax)
        throw workspacesError(
          'WORKSPACES.OWNED_LIMIT',
          `You already own ${WORKSPACE_LIMITS.ownedMax} workspaces`,
        );
      let slug = request.slug ?? slugify(name);
      if (request.slug !== undefined) {
        if (await this.workspaces.slugTaken(tx, slug))
          throw workspacesError('WORKSPACES.SLUG_TAKEN', `The slug ${slug} is taken`);
      } else {
        for (let n = 2; await this.workspaces.slugTaken(tx, slug); n++)
          slug = `${slugify(name).slice(0, WORKSPACE_LIMITS.slugMax - String(n).length - 1)}-${n}`;
      }
      const row = await this.workspaces
        .insert(tx, { name, slug, ownerId: caller.userId })
        .catch((error: unknown) => {
          if ((error as { driverError?: { code?: string } }).driverError?.code === '23505')
            throw workspacesError('WORKSPACES.SLUG_TAKEN', `The slug ${slug} is taken`);
          throw error;
        });
      return { workspace: toWorkspace(row) };
    });
  }

  async get(ctx: RequestContext, id: string): Promise<{ workspace: WorkspaceDetail }> {
    const { caller, workspace, role } = await this.rules.view(ctx, id);
    const manager = role === 'owner' || role === 'admin' || role === null;
    const shares = await this.shares.listIn(this.db.pool, id, {
      activeOnly: !manager,
      limit: WORKSPACE_LIMITS.sharesMax,
    });
    const [connections, members] = await Promise.all([
      this.connectionsOf(ctx, shares, caller.userId),
      workspace.is_personal ? Promise.resolve([]) : this.membersOf(ctx, id, manager),
    ]);
    const derived = await this.deployments.workspaceSummary(
      ctx,
      id,
      connections.map((c) => c.id),
    );
    return {
      workspace: {
        ...toWorkspace(workspace),
        role,
        is_admin: caller.isAdmin,
        caller_id: caller.userId,
        connections,
        ...derived,
        members,
      },
    };
  }

  async rename(ctx: RequestContext, id: string, name: string): Promise<{ workspace: Workspace }> {
    return this.db.transaction(async (tx) => {
      await this.rules.manage(ctx, id, tx);
      return { workspace: toWorkspace(await this.workspaces.rename(tx, id, name.trim())) };
    });
  }

  /** Owner only. Archiving twice keeps the first date. */
  async archive(ctx: RequestContext, id: string): Promise<ArchiveResult> {
    return this.db.transaction(async (tx) => {
      await this.ownerOfShared(ctx, id, tx);
      const row = await this.workspaces.setArchived(tx, id, true);
      return { archived_at: row.archived_at?.toISOString() ?? null };
    });
  }

  /**
   * Owner only. Back in use, its memberships count toward the cap again: the members with no room left
   * are disabled (`MembersService.readmitMembers`), and the answer names them and why, so that the owner
   * knows whom it lost (the gateway records an audit entry for each).
   */
  async unarchive(ctx: RequestContext, id: string): Promise<UnarchiveResult> {
    const { archivedAt, disabled } = await this.db.transaction(async (tx) => {
      const workspace = await this.ownerOfShared(ctx, id, tx);
      const disabled =
        workspace.archived_at === null ? [] : await this.members.readmitMembers(tx, id, workspace.owner_id);
      const row = await this.workspaces.setArchived(tx, id, false);
      return { archivedAt: row.archived_at?.toISOString() ?? null, disabled };
    });
    return { archived_at: archivedAt, disabled_members: await this.disabledForRoom(ctx, disabled) };
  }

  async listMembers(ctx: RequestContext, id: string): Promise<{ members: WorkspaceMember[] }> {
    const { workspace, role } = await this.rules.view(ctx, id);
    if (workspace.is_personal) return { members: [] };
    return { members: await this.membersOf(ctx, id, role !== 'member') };
  }

  async membersOf(ctx: RequestContext, workspaceId: string, withEmail: boolean): Promise<WorkspaceMember[]> {
    const rows = await this.members.listIn(this.db.pool, workspaceId);
    const { users } = await this.bus.request(IdentityRpc.findUsers, ctx, { ids: rows.map((r) => r.user_id) });
    const byId = new Map(users.map((u) => [u.id, u]));
    return rows.map((row: MemberRow) => {
      const user = byId.get(row.user_id);
      return {
        user_id: row.user_id,
        name: user?.name ?? null,
        username: user?.username ?? null,
        ...(withEmail ? { email: user?.email ?? null } : {}),
        role: row.role,
        disabled_at: row.disabled_at?.toISOString() ?? null,
        disabled_reason: row.disabled_reason,
        added_at: row.created_at.toISOString(),
      };
    });
  }

  /** The workspace the owner archives or unarchives: never a personal one. */
  private async ownerOfShared(ctx: RequestContext, id: string, tx: Executor): Promise<WorkspaceRow> {
    const { workspace } = await this.rules.owner(ctx, id, tx);
    if (workspace.is_personal)
      throw workspacesError('WORKSPACES.PERSONAL', 'A personal workspace cannot be archived');
    return workspace;
  }

  /**
   * The members an unarchiving disabled for lack of room, by name. Asked of identity after the commit:
   * when it cannot answer, they are named by id only, since the unarchiving is done and asking again
   * would find nobody left to disable.
   */
  private async disabledForRoom(ctx: RequestContext, userIds: string[]): Promise<DisabledMember[]> {
    if (userIds.length === 0) return [];
    const users = await this.bus.request(IdentityRpc.findUsers, ctx, { ids: userIds }).then(
      (found) => found.users,
      (error: unknown) => {
        log.warn({ err: error }, 'the members disabled by an unarchiving could not be named');
        return [];
      },
    );
    const byId = new Map(users.map((user) => [user.id, user]));
    return userIds.map((userId) => ({
      user_id: userId,
      username: byId.get(userId)?.username ?? null,
      name: byId.get(userId)?.name ?? null,
      reason: 'membership_limit',
    }));
  }

  private async connectionsOf(
    ctx: RequestContext,
    shares: ShareRow[],
    callerId: string,
  ): Promise<WorkspaceConnection[]> {
    if (shares.length === 0) return [];
    const { connections } = await this.bus.request(ConnectionsRpc.summaries, ctx, {
      ids: shares.map((s) => s.connection_id),
    });
    const byId = new Map(connections.map((c) => [c.id, c]));
    return shares.flatMap((share) => {
      const connection = byId.get(share.connection_id);
      if (!connection) return [];
      return [
        {
          id: connection.id,
          name: connection.name,
          host: connection.host,
          owner_id: connection.owner_id,
          is_owner: connection.owner_id === callerId,
          shared_by: share.shared_by,
          shared_at: share.created_at.toISOString(),
          disabled_at: share.disabled_at?.toISOString() ?? null,
          disabled_reason: share.disabled_reason,
        },
      ];
    });
  }
}

/**
 * A slug from the name. Never one of the reserved `personal-` slugs: a personal workspace's is
 * `personal-<owner id>`, and a workspace named `Personal <someone's id>` would otherwise take it, leaving
 * that user without a personal workspace.
 */
function slugify(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const asIs = slug.length >= WORKSPACE_LIMITS.slugMin && !slug.startsWith(PERSONAL_PREFIX);
  return (asIs ? slug : `ws-${slug || 'x'}`).slice(0, WORKSPACE_LIMITS.slugMax).replace(/-+$/g, '');
}
