import { Inject, Injectable } from '@nestjs/common';
import {
  type AddMemberRequest,
  IdentityRpc,
  type MemberImpact,
  type RequestContext,
  type UpdateMemberRequest,
  WORKSPACE_LIMITS,
} from '@pc/contracts';
import { badRequest, BusClient, conflict, forbidden, notFound } from '@pc/platform';
import type { EntityManager } from 'typeorm';
import { WorkspaceAccessRules } from '../common/workspace-access';
import { DEPLOYMENTS_LEDGER, type DeploymentsLedger } from '../deployments/deployments.ledger';
import { type MemberRow, WorkspacesRepository } from '../workspaces/workspaces.repository';

/**
 * Members of a created workspace (a personal one has none). Owner and admins add members by username or
 * email, change roles (admin or member: nobody is made owner) and disable or re-enable them; nobody
 * demotes or disables the owner. A disabled member loses access at once; their rows stay, so what they
 * did keeps its attribution, and the connections they shared are paused until they are re-enabled.
 */
@Injectable()
export class MembersService {
  constructor(
    private readonly workspaces: WorkspacesRepository,
    private readonly rules: WorkspaceAccessRules,
    private readonly bus: BusClient,
    @Inject(DEPLOYMENTS_LEDGER) private readonly deployments: DeploymentsLedger,
  ) {}

  async add(ctx: RequestContext, request: AddMemberRequest): Promise<{ ok: true }> {
    const key = request.username ?? request.email;
    if (!key || (request.username !== undefined && request.email !== undefined))
      throw badRequest('Give either username or email', [
        { field: 'username', message: 'or email, exactly one' },
      ]);
    // Who it is first (over the bus, outside the transaction), then the rules with the workspace locked.
    await this.rules.view(ctx, request.id);
    const { user } = await this.bus.request(IdentityRpc.resolveUser, ctx, { usernameOrEmail: key });
    return this.workspaces.transaction(async (db) => {
      const { caller, workspace } = await this.rules.manage(ctx, request.id, db);
      if (workspace.is_personal)
        throw conflict('A personal workspace has no members: create a workspace to share');
      if (!user) throw notFound('User with that username or email');
      const existing = await this.workspaces.member(request.id, user.id, db);
      if (existing && existing.disabled_at === null) throw conflict('Already a member of this workspace');
      if (existing) throw conflict('This member is disabled: re-enable them with PATCH {disabled: false}');
      if ((await this.workspaces.countMembers(request.id, db)) >= WORKSPACE_LIMITS.membersMax)
        throw conflict(`A workspace has at most ${WORKSPACE_LIMITS.membersMax} members`);
      await db.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`workspaces:member:${user.id}`]);
      // The personal workspace is one of the memberships listed.
      if ((await this.workspaces.countMemberships(user.id, db)) >= WORKSPACE_LIMITS.membershipsMax - 1)
        throw conflict(`A user belongs to at most ${WORKSPACE_LIMITS.membershipsMax} workspaces`);
      await this.workspaces.addMember(db, request.id, user.id, request.role, caller.userId);
      return { ok: true };
    });
  }

  async update(ctx: RequestContext, request: UpdateMemberRequest): Promise<{ ok: true }> {
    if (request.role === undefined && request.disabled === undefined)
      throw badRequest('Nothing to change', [{ field: 'role', message: 'or disabled: false is required' }]);
    return this.workspaces.transaction(async (db) => {
      await this.rules.manage(ctx, request.id, db);
      const member = await this.target(db, request.id, request.userId);
      if (request.role !== undefined) {
        if (member.role === 'owner') throw forbidden('Nobody changes the role of the workspace owner');
      }
      await this.workspaces.updateMember(db, request.id, request.userId, {
        role: request.role,
        enable: request.disabled === false,
      });
      if (request.disabled === false && member.disabled_at !== null)
        await this.workspaces.setSharesOfUser(db, request.id, request.userId, false);
      return { ok: true };
    });
  }

  async disable(ctx: RequestContext, workspaceId: string, userId: string): Promise<{ ok: true }> {
    return this.workspaces.transaction(async (db) => {
      await this.rules.manage(ctx, workspaceId, db);
      const member = await this.target(db, workspaceId, userId);
      if (member.role === 'owner') throw forbidden('Nobody removes the workspace owner');
      await this.workspaces.updateMember(db, workspaceId, userId, { disable: true });
      await this.workspaces.setSharesOfUser(db, workspaceId, userId, true);
      return { ok: true };
    });
  }

  async impact(ctx: RequestContext, workspaceId: string, userId: string): Promise<MemberImpact> {
    await this.rules.manageRead(ctx, workspaceId);
    const member = await this.target(this.workspaces.db, workspaceId, userId);
    const [owned, authored] = await Promise.all([
      this.workspaces.countSharedBy(workspaceId, userId),
      this.deployments.authoredBy(ctx, workspaceId, userId),
    ]);
    return {
      role: member.role,
      disabled_at: member.disabled_at?.toISOString() ?? null,
      owned_shared_connections: owned,
      deployments_authored: authored,
    };
  }

  private async target(db: EntityManager, workspaceId: string, userId: string): Promise<MemberRow> {
    const member = await this.workspaces.member(workspaceId, userId, db);
    if (!member) throw notFound('Member');
    return member;
  }
}
