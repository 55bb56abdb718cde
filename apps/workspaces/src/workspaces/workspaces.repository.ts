import { Inject, Injectable } from '@nestjs/common';
import type { WorkspaceRole } from '@pc/contracts';
import { DataSource, type EntityManager } from 'typeorm';

export interface WorkspaceRow {
  id: string;
  name: string;
  slug: string;
  owner_id: string;
  is_personal: boolean;
  archived_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface MemberRow {
  workspace_id: string;
  user_id: string;
  role: WorkspaceRole;
  disabled_at: Date | null;
  added_by: string | null;
  created_at: Date;
}

export interface ShareRow {
  workspace_id: string;
  connection_id: string;
  shared_by: string;
  disabled_at: Date | null;
  disabled_reason: string | null;
  created_at: Date;
}

type Db = EntityManager;

/** Workspaces, their members and their shared connections (one schema, one repository per table group). */
@Injectable()
export class WorkspacesRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  get db(): Db {
    return this.dataSource.manager;
  }

  transaction<T>(work: (db: Db) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async ensurePersonal(ownerId: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO workspaces.workspaces (name, slug, owner_id, is_personal)
       VALUES ('Personal', $2, $1, true)
       ON CONFLICT (owner_id) WHERE is_personal DO NOTHING`,
      [ownerId, `personal-${ownerId}`],
    );
  }

  async findById(id: string, db: Db = this.db, lock = false): Promise<WorkspaceRow | null> {
    const rows = await db.query<WorkspaceRow[]>(
      `SELECT * FROM workspaces.workspaces WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0] ?? null;
  }

  async countOwned(ownerId: string, db: Db): Promise<number> {
    const [{ count }] = await db.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM workspaces.workspaces WHERE owner_id = $1 AND NOT is_personal`,
      [ownerId],
    );
    return count;
  }

  async slugTaken(slug: string, db: Db): Promise<boolean> {
    const rows = await db.query<unknown[]>(`SELECT 1 FROM workspaces.workspaces WHERE slug = $1`, [slug]);
    return rows.length > 0;
  }

  async insert(db: Db, fields: { name: string; slug: string; ownerId: string }): Promise<WorkspaceRow> {
    const [row] = await db.query<WorkspaceRow[]>(
      `INSERT INTO workspaces.workspaces (name, slug, owner_id) VALUES ($1, $2, $3) RETURNING *`,
      [fields.name, fields.slug, fields.ownerId],
    );
    await db.query(
      `INSERT INTO workspaces.members (workspace_id, user_id, role, added_by) VALUES ($1, $2, 'owner', $2)`,
      [row.id, fields.ownerId],
    );
    return row;
  }

  async rename(db: Db, id: string, name: string): Promise<WorkspaceRow> {
    const [rows] = await db.query<[WorkspaceRow[], number]>(
      `UPDATE workspaces.workspaces SET name = $2, updated_at = now() WHERE id = $1 RETURNING *`,
      [id, name],
    );
    return rows[0];
  }

  async setArchived(db: Db, id: string, archived: boolean): Promise<WorkspaceRow> {
    const [rows] = await db.query<[WorkspaceRow[], number]>(
      `UPDATE workspaces.workspaces
          SET archived_at = CASE WHEN $2 THEN coalesce(archived_at, now()) ELSE NULL END, updated_at = now()
        WHERE id = $1 RETURNING *`,
      [id, archived],
    );
    return rows[0];
  }

  /** The caller's workspaces: the personal one and every active membership, oldest first. */
  async memberships(userId: string, limit: number): Promise<Array<WorkspaceRow & { role: WorkspaceRole }>> {
    return this.dataSource.query(
      `SELECT w.*, 'owner' AS role FROM workspaces.workspaces w WHERE w.owner_id = $1 AND w.is_personal
       UNION ALL
       SELECT w.*, m.role FROM workspaces.members m JOIN workspaces.workspaces w ON w.id = m.workspace_id
        WHERE m.user_id = $1 AND m.disabled_at IS NULL
       ORDER BY is_personal DESC, created_at, id
       LIMIT $2`,
      [userId, limit],
    );
  }

  // Members

  async member(workspaceId: string, userId: string, db: Db = this.db): Promise<MemberRow | null> {
    const rows = await db.query<MemberRow[]>(
      `SELECT * FROM workspaces.members WHERE workspace_id = $1 AND user_id = $2`,
      [workspaceId, userId],
    );
    return rows[0] ?? null;
  }

  async members(workspaceId: string, limit: number): Promise<MemberRow[]> {
    return this.dataSource.query<MemberRow[]>(
      `SELECT * FROM workspaces.members WHERE workspace_id = $1
        ORDER BY (role = 'owner') DESC, created_at, user_id LIMIT $2`,
      [workspaceId, limit],
    );
  }

  async countMembers(workspaceId: string, db: Db, activeOnly = false): Promise<number> {
    const [{ count }] = await db.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM workspaces.members
        WHERE workspace_id = $1${activeOnly ? ' AND disabled_at IS NULL' : ''}`,
      [workspaceId],
    );
    return count;
  }

  async addMember(
    db: Db,
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

  async updateMember(
    db: Db,
    workspaceId: string,
    userId: string,
    changes: { role?: WorkspaceRole; enable?: boolean; disable?: boolean },
  ): Promise<void> {
    await db.query(
      `UPDATE workspaces.members
          SET role = coalesce($3, role),
              disabled_at = CASE WHEN $4 THEN NULL WHEN $5 THEN coalesce(disabled_at, now()) ELSE disabled_at END
        WHERE workspace_id = $1 AND user_id = $2`,
      [workspaceId, userId, changes.role ?? null, changes.enable ?? false, changes.disable ?? false],
    );
  }

  // Shares

  async share(workspaceId: string, connectionId: string, db: Db = this.db): Promise<ShareRow | null> {
    const rows = await db.query<ShareRow[]>(
      `SELECT * FROM workspaces.shares WHERE workspace_id = $1 AND connection_id = $2`,
      [workspaceId, connectionId],
    );
    return rows[0] ?? null;
  }

  async shares(workspaceId: string, activeOnly: boolean, limit: number): Promise<ShareRow[]> {
    return this.dataSource.query<ShareRow[]>(
      `SELECT * FROM workspaces.shares WHERE workspace_id = $1${activeOnly ? ' AND disabled_at IS NULL' : ''}
        ORDER BY created_at, connection_id LIMIT $2`,
      [workspaceId, limit],
    );
  }

  async countShares(workspaceId: string, db: Db): Promise<number> {
    const [{ count }] = await db.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM workspaces.shares WHERE workspace_id = $1`,
      [workspaceId],
    );
    return count;
  }

  async countSharedBy(workspaceId: string, userId: string): Promise<number> {
    const [{ count }] = await this.dataSource.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM workspaces.shares
        WHERE workspace_id = $1 AND shared_by = $2 AND disabled_at IS NULL`,
      [workspaceId, userId],
    );
    return count;
  }

  async countSharesOfConnection(connectionId: string, db: Db): Promise<number> {
    const [{ count }] = await db.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM workspaces.shares WHERE connection_id = $1`,
      [connectionId],
    );
    return count;
  }

  /** Workspaces the user belongs to (active memberships; the personal workspace not counted). */
  async countMemberships(userId: string, db: Db): Promise<number> {
    const [{ count }] = await db.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM workspaces.members WHERE user_id = $1 AND disabled_at IS NULL`,
      [userId],
    );
    return count;
  }

  async insertShare(db: Db, workspaceId: string, connectionId: string, sharedBy: string): Promise<void> {
    await db.query(
      `INSERT INTO workspaces.shares (workspace_id, connection_id, shared_by) VALUES ($1, $2, $3)`,
      [workspaceId, connectionId, sharedBy],
    );
  }

  async setShareDisabled(
    db: Db,
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
  async setSharesOfUser(db: Db, workspaceId: string, userId: string, disabled: boolean): Promise<void> {
    if (disabled) {
      await db.query(
        `UPDATE workspaces.shares SET disabled_at = now(), disabled_reason = 'owner_disabled'
          WHERE workspace_id = $1 AND shared_by = $2 AND disabled_at IS NULL`,
        [workspaceId, userId],
      );
    } else {
      await db.query(
        `UPDATE workspaces.shares SET disabled_at = NULL, disabled_reason = NULL
          WHERE workspace_id = $1 AND shared_by = $2 AND disabled_reason = 'owner_disabled'`,
        [workspaceId, userId],
      );
    }
  }

  /** Workspaces through which the user may use the connection: active share, active member (or owner). */
  async accessVia(connectionId: string, userId: string): Promise<string[]> {
    const rows = await this.dataSource.query<Array<{ workspace_id: string }>>(
      `SELECT s.workspace_id FROM workspaces.shares s
         JOIN workspaces.workspaces w ON w.id = s.workspace_id
         LEFT JOIN workspaces.members m
           ON m.workspace_id = s.workspace_id AND m.user_id = $2 AND m.disabled_at IS NULL
        WHERE s.connection_id = $1 AND s.disabled_at IS NULL AND (m.user_id IS NOT NULL OR w.owner_id = $2)`,
      [connectionId, userId],
    );
    return rows.map((r) => r.workspace_id);
  }

  async sharesOfConnection(
    connectionId: string,
    limit: number,
  ): Promise<Array<ShareRow & { name: string; slug: string }>> {
    return this.dataSource.query(
      `SELECT s.*, w.name, w.slug FROM workspaces.shares s JOIN workspaces.workspaces w ON w.id = s.workspace_id
        WHERE s.connection_id = $1 ORDER BY s.created_at, s.workspace_id LIMIT $2`,
      [connectionId, limit],
    );
  }

  async removeConnection(connectionId: string): Promise<number> {
    const [rows] = await this.dataSource.query<[unknown[], number]>(
      `DELETE FROM workspaces.shares WHERE connection_id = $1 RETURNING workspace_id`,
      [connectionId],
    );
    return rows.length;
  }
}
