import { Injectable } from '@nestjs/common';
import type { WorkspaceRole } from '@pc/contracts';
import type { Executor } from '@pc/platform';
import type { WorkspaceRow } from '../access';

/** The workspaces table (members and shares have repositories of their own; access reads a workspace). Executor first. */
@Injectable()
export class WorkspacesRepository {
  /**
   * The user's personal workspace, once. Any conflict means it exists: two first calls at once may
   * meet on the slug index before the owner's (CI saw a 500 for it), so no arbiter is named. Its slug is
   * `personal-<owner id>`, or `personal-<owner id>-2` when a created workspace holds that one (a name
   * could derive it before created workspaces' slugs stayed out of `personal-`).
   */
  async ensurePersonal(db: Executor, ownerId: string): Promise<void> {
    await db.query(
      `INSERT INTO workspaces.workspaces (name, slug, owner_id, is_personal)
       SELECT 'Personal', candidate.slug, $1, true FROM (VALUES ($2, 1), ($3, 2)) AS candidate (slug, rank)
        WHERE NOT EXISTS (
          SELECT 1 FROM workspaces.workspaces w WHERE w.slug = candidate.slug AND NOT w.is_personal)
        ORDER BY candidate.rank LIMIT 1
       ON CONFLICT DO NOTHING`,
      [ownerId, `personal-${ownerId}`, `personal-${ownerId}-2`],
    );
  }

  /** Serializes what one user creates, so that the count of owned workspaces holds under concurrency. */
  async lockOwner(db: Executor, userId: string): Promise<void> {
    await db.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`workspaces:owner:${userId}`]);
  }

  async countOwned(db: Executor, ownerId: string): Promise<number> {
    const [{ count }] = await db.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM workspaces.workspaces WHERE owner_id = $1 AND NOT is_personal`,
      [ownerId],
    );
    return count;
  }

  async slugTaken(db: Executor, slug: string): Promise<boolean> {
    const rows = await db.query<unknown[]>(`SELECT 1 FROM workspaces.workspaces WHERE slug = $1`, [slug]);
    return rows.length > 0;
  }

  /** The workspace and its owner's membership row. */
  async insert(db: Executor, fields: { name: string; slug: string; ownerId: string }): Promise<WorkspaceRow> {
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

  async rename(db: Executor, id: string, name: string): Promise<WorkspaceRow> {
    const [rows] = await db.query<[WorkspaceRow[], number]>(
      `UPDATE workspaces.workspaces SET name = $2, updated_at = now() WHERE id = $1 RETURNING *`,
      [id, name],
    );
    return rows[0];
  }

  async setArchived(db: Executor, id: string, archived: boolean): Promise<WorkspaceRow> {
    const [rows] = await db.query<[WorkspaceRow[], number]>(
      `UPDATE workspaces.workspaces
          SET archived_at = CASE WHEN $2 THEN coalesce(archived_at, now()) ELSE NULL END, updated_at = now()
        WHERE id = $1 RETURNING *`,
      [id, archived],
    );
    return rows[0];
  }

  /**
   * The caller's workspaces, oldest first: the personal one and every active membership, those of archived
   * workspaces too. At most `limits.counted` that count toward the cap (the cap holds them to it) and the
   * oldest `limits.archived` of archived workspaces (which do not count).
   */
  async memberships(
    db: Executor,
    userId: string,
    limits: { counted: number; archived: number },
  ): Promise<Array<WorkspaceRow & { role: WorkspaceRole }>> {
    return db.query(
      `SELECT w.*, 'owner' AS role FROM workspaces.workspaces w WHERE w.owner_id = $1 AND w.is_personal
       UNION ALL
       (SELECT w.*, m.role FROM workspaces.members m JOIN workspaces.workspaces w ON w.id = m.workspace_id
         WHERE m.user_id = $1 AND m.disabled_at IS NULL AND w.archived_at IS NULL
         ORDER BY w.created_at, w.id LIMIT $2)
       UNION ALL
       (SELECT w.*, m.role FROM workspaces.members m JOIN workspaces.workspaces w ON w.id = m.workspace_id
         WHERE m.user_id = $1 AND m.disabled_at IS NULL AND w.archived_at IS NOT NULL
         ORDER BY w.created_at, w.id LIMIT $3)
       ORDER BY is_personal DESC, created_at, id`,
      [userId, limits.counted, limits.archived],
    );
  }
}
