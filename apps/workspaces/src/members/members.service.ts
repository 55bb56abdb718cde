import { Inject, Injectable } from '@nestjs/common';
import {
  type AddMemberRequest,
  IdentityRpc,
  type MemberImpact,
  type RequestContext,
  type UpdateMemberRequest,
  type UpdateMemberResult,
  WORKSPACE_LIMITS,
} from '@pc/contracts';
import { BusClient, Database, type Executor, notFound, requireUser } from '@pc/platform';
import { type MemberRow, WorkspaceAccessRules } from '../access';
import { workspacesError } from '../common/workspaces.errors';
import { DEPLOYMENTS_LEDGER, type DeploymentsLedger } from '../deployments';
import { SharesService } from '../shares';
import { MembersRepository } from './members.repository';

/**
 * Members of a created workspace (a personal one has none). Owner and admins add members by username or
 * email, change roles (admin or member: nobody is made owner) and disable or re-enable them; nobody
 * demotes or disables the owner. A disabled member loses access at once; their rows stay, so what they
 * did keeps its attribution, and the connections they shared are paused until they are re-enabled. An
 * admin or member leaves by disabling themselves: the same removal, allowed in an archived workspace too.
 */
@Injectable()
export class MembersService {
  constructor(
    private readonly db: Database,
    private readonly members: MembersRepository,
    private readonly shares: SharesService,
    private readonly rules: WorkspaceAccessRules,
    private readonly bus: BusClient,
    @Inject(DEPLOYMENTS_LEDGER) private readonly deployments: DeploymentsLedger,
  ) {}

  async add(ctx: RequestContext, request: AddMemberRequest): Promise<{ ok: true }> {
    // Exactly one of them: checked where the message entered (WorkspaceSchemas.addMember).
    const key = (request.username ?? request.email) as string;
    // Who it is first (over the bus, outside the transaction), then the rules with the workspace locked.
    await this.rules.view(ctx, request.id);
    const { user } = await this.bus.request(IdentityRpc.resolveUser, ctx, { usernameOrEmail: key });
    return this.db.transaction(async (tx) => {
      const { caller, workspace } = await this.rules.manage(ctx, request.id, tx);
      if (workspace.is_personal)
        throw workspacesError(
          'WORKSPACES.PERSONAL',
          'A personal workspace has no members: create a workspace to share',
        );
      if (!user) throw notFound('User with that username or email');
      const existing = await this.rules.member(tx, request.id, user.id);
      if (existing && existing.disabled_at === null)
        throw workspacesError('WORKSPACES.MEMBER_EXISTS', 'Already a member of this workspace');
      // Adding back a disabled member is re-enabling them (PATCH /api/workspaces/{id}/members/{userId}
      // {disabled: false}), as their row offers.
      if (existing)
        throw workspacesError(
          'WORKSPACES.MEMBER_DISABLED',
          `${user.name} is a disabled member of this workspace: re-enable them from the members list`,
        );
      if ((await this.members.count(tx, request.id)) >= WORKSPACE_LIMITS.membersMax)
        throw workspacesError(
          'WORKSPACES.MEMBER_LIMIT',
          `A workspace has at most ${WORKSPACE_LIMITS.membersMax} members`,
        );
      await this.claimMembership(tx, user.id);
      await this.members.add(tx, request.id, user.id, request.role, caller.userId);
      return { ok: true };
    });
  }

  /** A re-enabling answers why the member had been disabled (`previous`): they left, or were disabled. */
  async update(ctx: RequestContext, request: UpdateMemberRequest): Promise<UpdateMemberResult> {
    // Something to change: checked where the message entered (WorkspaceSchemas.updateMember).
    return this.db.transaction(async (tx) => {
      await this.rules.manage(ctx, request.id, tx);
      const member = await this.target(tx, request.id, request.userId);
      if (request.role !== undefined) {
        if (member.role === 'owner')
          throw workspacesError(
            'WORKSPACES.OWNER_PROTECTED',
            'Nobody changes the role of the workspace owner',
          );
      }
      const reenabled = request.disabled === false && member.disabled_at !== null;
      // Back among the user's memberships: within their cap, as being added is.
      if (reenabled) await this.claimMembership(tx, request.userId);
      await this.members.update(tx, request.id, request.userId, {
        role: request.role,
        enable: request.disabled === false,
      });
      if (!reenabled) return { ok: true };
      await this.shares.pauseSharesOf(tx, request.id, [request.userId], false);
      return { ok: true, previous: member.disabled_reason };
    });
  }

  /** A manager removes a member, or a member leaves (their own id): the same removal either way. */
  async disable(ctx: RequestContext, workspaceId: string, userId: string): Promise<{ ok: true }> {
    const leaving = requireUser(ctx).userId === userId;
    return this.db.transaction(async (tx) => {
      if (leaving) await this.rules.leave(ctx, workspaceId, tx);
      else {
        await this.rules.manage(ctx, workspaceId, tx);
        const member = await this.target(tx, workspaceId, userId);
        if (member.role === 'owner')
          throw workspacesError('WORKSPACES.OWNER_PROTECTED', 'Nobody removes the workspace owner');
      }
      await this.members.update(tx, workspaceId, userId, {
        disable: true,
        reason: leaving ? 'left' : 'removed',
      });
      await this.shares.pauseSharesOf(tx, workspaceId, [userId], true);
      return { ok: true };
    });
  }

  async impact(ctx: RequestContext, workspaceId: string, userId: string): Promise<MemberImpact> {
    await this.rules.readImpact(ctx, workspaceId, userId);
    const member = await this.target(this.db.pool, workspaceId, userId);
    const [owned, authored] = await Promise.all([
      this.shares.countSharedBy(this.db.pool, workspaceId, userId),
      this.deployments.authoredBy(ctx, workspaceId, userId),
    ]);
    return {
      role: member.role,
      disabled_at: member.disabled_at?.toISOString() ?? null,
      owned_shared_connections: owned,
      deployments_authored: authored,
    };
  }

  // For the workspaces feature, inside its transactions.

  /**
   * Room for one more membership of the user (a new workspace of theirs, or being added to one), under a
   * lock on what joins them to workspaces, so that the cap holds under concurrency. Memberships of archived
   * workspaces do not count: nobody can use one.
   */
  async claimMembership(tx: Executor, userId: string): Promise<void> {
    await this.members.lockUser(tx, userId);
    if (!hasRoom(await this.members.countMemberships(tx, userId)))
      throw workspacesError(
        'WORKSPACES.MEMBERSHIP_LIMIT',
        `A user belongs to at most ${WORKSPACE_LIMITS.membershipsMax} workspaces`,
      );
  }

  /**
   * A workspace being unarchived (still archived in `tx`, its row held by the owner): its active members'
   * memberships count again. The owner needs room as for a new workspace (409); a member with none left is
   * disabled, as a manager would (their shares paused), so the cap holds and nobody else's count stops the
   * owner. Re-enabling them later counts as adding them. Returns the user ids of those disabled, in the
   * order they were added to the workspace (as the members list has them). The same few statements
   * however many members there are: their counts in one, then all who have no room disabled in one and
   * their shares paused in one.
   */
  async readmitMembers(tx: Executor, workspaceId: string, ownerId: string): Promise<string[]> {
    const userIds = await this.members.activeUserIds(tx, workspaceId);
    await this.members.lockUsers(tx, userIds);
    const counts = await this.members.countMembershipsOf(tx, userIds);
    const full = userIds.filter((userId) => !hasRoom(counts.get(userId) ?? 0));
    if (full.includes(ownerId))
      throw workspacesError(
        'WORKSPACES.MEMBERSHIP_LIMIT',
        `You already belong to ${WORKSPACE_LIMITS.membershipsMax} workspaces: leave one before unarchiving this one`,
      );
    await this.members.disableAll(tx, workspaceId, full, 'membership_limit');
    await this.shares.pauseSharesOf(tx, workspaceId, full, true);
    return full;
  }

  /** The workspace's members, the owner first. */
  listIn(db: Executor, workspaceId: string): Promise<MemberRow[]> {
    return this.members.list(db, workspaceId, WORKSPACE_LIMITS.membersMax);
  }

  private async target(db: Executor, workspaceId: string, userId: string): Promise<MemberRow> {
    const member = await this.rules.member(db, workspaceId, userId);
    if (!member) throw notFound('Member');
    return member;
  }
}

/** Room for one more membership besides `counted` (the personal workspace is one of the cap's). */
function hasRoom(counted: number): boolean {
  return counted < WORKSPACE_LIMITS.membershipsMax - 1;
}
