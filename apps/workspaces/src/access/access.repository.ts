import { Injectable } from '@nestjs/common';
import type { MemberDisabledReason, WorkspaceRole } from '@pc/contracts';
import type { Executor } from '@pc/platform';

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
  /** Why, while disabled (null for those disabled before the reason was kept). */
  disabled_reason: MemberDisabledReason | null;
  added_by: string | null;
  created_at: Date;
}

/**
 * What the permission rules read: a workspace (locked inside a transaction when asked) and one membership.
 * The writes are the workspaces' and the members' repositories'. Executor first.
 */
@Injectable()
export class AccessRepository {
  async findWorkspace(
    db: Executor,
    id: string,
    options: { lock?: boolean } = {},
  ): Promise<WorkspaceRow | null> {
    const rows = await db.query<WorkspaceRow[]>(
      `SELECT * FROM workspaces.workspaces WHERE id = $1${options.lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0] ?? null;
  }

  async findMember(db: Executor, workspaceId: string, userId: string): Promise<MemberRow | null> {
    const rows = await db.query<MemberRow[]>(
      `SELECT * FROM workspaces.members WHERE workspace_id = $1 AND user_id = $2`,
      [workspaceId, userId],
    );
    return rows[0] ?? null;
  }

  async countActiveMembers(db: Executor, workspaceId: string): Promise<number> {
    const [{ count }] = await db.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM workspaces.members WHERE workspace_id = $1 AND disabled_at IS NULL`,
      [workspaceId],
    );
    return count;
  }
}
