import { Injectable } from '@nestjs/common';
import type { MemberDisabledReason, WorkspaceRole } from '@pc/contracts';
import type { Executor } from '@pc/platform';
import type { MemberRow } from '../access';

/** Members of workspaces (the owner's row is written with the workspace). Executor first. */
@Injectable()
export class MembersRepository {
  async list(db: Executor, workspaceId: string, limit: number): Promise<MemberRow[]> {
    return db.query<MemberRow[]>(
      `SELECT * FROM workspaces.members WHERE workspace_id = $1
        ORDER BY (role = 'owner') DESC, created_at, user_id LIMIT $2`,
      [workspaceId, limit],
    );
  }

  async count(db: Executor, workspaceId: string, options: { activeOnly?: boolean } = {}): Promise<number> {
    const [{ count }] = await db.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM workspaces.members
        WHERE workspace_id = $1${options.activeOnly ? ' AND disabled_at IS NULL' : ''}`,
      [workspaceId],
    );
    return count;
  }

  /** Serializes what joins one user to workspaces, so that the membership cap holds under concurrency. */
  async lockUser(db: Executor, userId: string): Promise<void> {
    await db.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`workspaces:member:${userId}`]);
  }

  /**
   * Serializes what joins these users to workspaces (as `lockUser` does each), in one order, so that two
   * transactions locking several at once never wait on each other.
   */
  async lockUsers(db: Executor, userIds: string[]): Promise<void> {
    if (userIds.length === 0) return;
    await db.query(
      `SELECT pg_advisory_xact_lock(hashtext('workspaces:member:' || u.id))
         FROM (SELECT id FROM unnest($1::text[]) AS t (id) ORDER BY id OFFSET 0) u`,
      [userIds],
    );
  }

  /**
   * Workspaces the user belongs to that count toward the cap: active memberships of workspaces that are
   * not archived (an archived one is nobody's to use; the personal workspace is not counted here).
   */
  async countMemberships(db: Executor, userId: string): Promise<number> {
    return (await this.countMembershipsOf(db, [userId])).get(userId) ?? 0;
  }

  /** `countMemberships` of each user, at once (a user with none is absent). */
  async countMembershipsOf(db: Executor, userIds: string[]): Promise<Map<string, number>> {
    const rows = await db.query<Array<{ user_id: string; count: number }>>(
      `SELECT m.user_id, count(*)::int AS count
         FROM workspaces.members m JOIN workspaces.workspaces w ON w.id = m.workspace_id
        WHERE m.user_id = ANY($1::uuid[]) AND m.disabled_at IS NULL AND w.archived_at IS NULL
        GROUP BY m.user_id`,
      [userIds],
    );
    return new Map(rows.map((row) => [row.user_id, row.count]));
  }

  /** The active members' user ids, in the order they were added (as `list` has them). */
  async activeUserIds(db: Executor, workspaceId: string): Promise<string[]> {
    const rows = await db.query<Array<{ user_id: string }>>(
      `SELECT user_id FROM workspaces.members WHERE workspace_id = $1 AND disabled_at IS NULL
        ORDER BY created_at, user_id`,
      [workspaceId],
    );
    return rows.map((row) => row.user_id);
  }

  async add(
    db: Executor,
    workspaceId: string,
    userId: string,
    role: WorkspaceRole,
    addedBy: string,
  ): Promise<void> {
    await db.query(
      `INSERT INTO workspaces.members (workspace_id, user_id, role, added_by) VALUES ($1, $2, $3, $4)`,
      [workspaceId, userId, role, addedBy],
    );
  }

  /** Disables these members of the workspace at once, for `reason` (as `update` with `disable` does each). */
  async disableAll(
    db: Executor,
    workspaceId: string,
    userIds: string[],
    reason: MemberDisabledReason,
  ): Promise<void> {
    if (userIds.length === 0) return;
    await db.query(
      `UPDATE workspaces.members
          SET disabled_reason = CASE WHEN disabled_at IS NULL THEN $3 ELSE disabled_reason END,
              disabled_at = coalesce(disabled_at, now())
        WHERE workspace_id = $1 AND user_id = ANY($2::uuid[])`,
      [workspaceId, userIds, reason],
    );
  }

  /**
   * A change of role, re-enabling (`enable`: the reason is cleared) or disabling (`disable`, for `reason`).
   * Disabling someone already disabled keeps the first date and reason.
   */
  async update(
    db: Executor,
    workspaceId: string,
    userId: string,
    changes: { role?: WorkspaceRole; enable?: boolean; disable?: boolean; reason?: MemberDisabledReason },
  ): Promise<void> {
    await db.query(
      `UPDATE workspaces.members
          SET role = coalesce($3, role),
              disabled_at = CASE WHEN $4 THEN NULL WHEN $5 THEN coalesce(disabled_at, now()) ELSE disabled_at END,
              disabled_reason = CASE WHEN $4 THEN NULL WHEN $5 AND disabled_at IS NULL THEN $6
                                     ELSE disabled_reason END
        WHERE workspace_id = $1 AND user_id = $2`,
      [
        workspaceId,
        userId,
        changes.role ?? null,
        changes.enable ?? false,
        changes.disable ?? false,
        changes.reason ?? null,
      ],
    );
  }
}
