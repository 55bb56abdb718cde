import { Injectable } from '@nestjs/common';
import type { Executor } from '@pc/platform';

export interface ShareRow {
  workspace_id: string;
  connection_id: string;
  shared_by: string;
  disabled_at: Date | null;
  disabled_reason: string | null;
  created_at: Date;
}

/** Connections shared into workspaces. Executor first. */
@Injectable()
export class SharesRepository {
  async find(db: Executor, workspaceId: string, connectionId: string): Promise<ShareRow | null> {
    const rows = await db.query<ShareRow[]>(
      `SELECT * FROM workspaces.shares WHERE workspace_id = $1 AND connection_id = $2`,
      [workspaceId, connectionId],
    );
    return rows[0] ?? null;
  }

  async list(
    db: Executor,
    workspaceId: string,
    options: { activeOnly: boolean; limit: number },
  ): Promise<ShareRow[]> {
    return db.query<ShareRow[]>(
      `SELECT * FROM workspaces.shares WHERE workspace_id = $1${options.activeOnly ? ' AND disabled_at IS NULL' : ''}
        ORDER BY created_at, connection_id LIMIT $2`,
      [workspaceId, options.limit],
    );
  }

  async count(db: Executor, workspaceId: string): Promise<number> {
    const [{ count }] = await db.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM workspaces.shares WHERE workspace_id = $1`,
      [workspaceId],
    );
    return count;
  }

  async countSharedBy(db: Executor, workspaceId: string, userId: string): Promise<number> {
    const [{ count }] = await db.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM workspaces.shares
        WHERE workspace_id = $1 AND shared_by = $2 AND disabled_at IS NULL`,
      [workspaceId, userId],
    );
    return count;
  }

  /** Serializes shares of one connection, so that its cap holds under concurrency. */
  async lockConnection(db: Executor, connectionId: string): Promise<void> {
    await db.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`workspaces:connection:${connectionId}`]);
  }

  async countOfConnection(db: Executor, connectionId: string): Promise<number> {
    const [{ count }] = await db.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM workspaces.shares WHERE connection_id = $1`,
      [connectionId],
    );
    return count;
  }

  async insert(db: Executor, workspaceId: string, connectionId: string, sharedBy: string): Promise<void> {
    await db.query(
      `INSERT INTO workspaces.shares (workspace_id, connection_id, shared_by) VALUES ($1, $2, $3)`,
      [workspaceId, connectionId, sharedBy],
    );
  }

  async setDisabled(
    db: Executor,
    workspaceId: string,
    connectionId: string,
    reason: string | null,
  ): Promise<void> {
    await db.query(
      `UPDATE workspaces.shares
          SET disabled_at = CASE WHEN $3::text IS NULL THEN NULL ELSE coalesce(disabled_at, now()) END,
              disabled_reason = $3
        WHERE workspace_id = $1 AND connection_id = $2`,
      [workspaceId, connectionId, reason],
    );
  }

  /** A member's shares stop with them, and come back when they are re-enabled. */
  async setSharesOfUser(db: Executor, workspaceId: string, userId: string, disabled: boolean): Promise<void> {
    await this.setSharesOfUsers(db, workspaceId, [userId], disabled);
  }

  /** `setSharesOfUser` of each of these members, in one statement. */
  async setSharesOfUsers(
    db: Executor,
    workspaceId: string,
    userIds: string[],
    disabled: boolean,
  ): Promise<void> {
    if (userIds.length === 0) return;
    if (disabled) {
      await db.query(
        `UPDATE workspaces.shares SET disabled_at = now(), disabled_reason = 'owner_disabled'
          WHERE workspace_id = $1 AND shared_by = ANY($2::uuid[]) AND disabled_at IS NULL`,
        [workspaceId, userIds],
      );
    } else {
      await db.query(
        `UPDATE workspaces.shares SET disabled_at = NULL, disabled_reason = NULL
          WHERE workspace_id = $1 AND shared_by = ANY($2::uuid[]) AND disabled_reason = 'owner_disabled'`,
        [workspaceId, userIds],
      );
    }
  }

  /** Workspaces through which the user may use the connection: active share, active member (or owner). */
  async accessVia(db: Executor, connectionId: string, userId: string): Promise<string[]> {
    const rows = await db.query<Array<{ workspace_id: string }>>(
      `SELECT s.workspace_id FROM workspaces.shares s
         JOIN workspaces.workspaces w ON w.id = s.workspace_id
         LEFT JOIN workspaces.members m
           ON m.workspace_id = s.workspace_id AND m.user_id = $2 AND m.disabled_at IS NULL
        WHERE s.connection_id = $1 AND s.disabled_at IS NULL AND (m.user_id IS NOT NULL OR w.owner_id = $2)`,
      [connectionId, userId],
    );
    return rows.map((r) => r.workspace_id);
  }

  async ofConnection(
    db: Executor,
    connectionId: string,
    limit: number,
  ): Promise<Array<ShareRow & { name: string; slug: string }>> {
    return db.query(
      `SELECT s.*, w.name, w.slug FROM workspaces.shares s JOIN workspaces.workspaces w ON w.id = s.workspace_id
        WHERE s.connection_id = $1 ORDER BY s.created_at, s.workspace_id LIMIT $2`,
      [connectionId, limit],
    );
  }

  async removeConnection(db: Executor, connectionId: string): Promise<number> {
    const [rows] = await db.query<[unknown[], number]>(
      `DELETE FROM workspaces.shares WHERE connection_id = $1 RETURNING workspace_id`,
      [connectionId],
    );
    return rows.length;
  }
}
