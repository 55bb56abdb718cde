import type { Executor } from '@pc/platform';

/** The governance tables whose rows belong to a workspace and carry a name unique in it. */
export type WorkspaceNamedTable = 'governed_apis' | 'governance_profiles';

/**
 * What the workspace-scoped tables of governance (its APIs, its profiles) are asked alike: how many rows
 * the workspace has (its limits) and whether a name is taken there (case-insensitive, besides `exceptId`).
 */
export const workspaceRows = {
  async count(db: Executor, table: WorkspaceNamedTable, workspaceId: string): Promise<number> {
    const [row] = await db.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM rulesets.${table} WHERE workspace_id = $1`,
      [workspaceId],
    );
    return row.n;
  },

  async nameTaken(
    db: Executor,
    table: WorkspaceNamedTable,
    workspaceId: string,
    name: string,
    exceptId?: string,
  ): Promise<boolean> {
    const rows = await db.query<unknown[]>(
      `SELECT 1 FROM rulesets.${table} WHERE workspace_id = $1 AND lower(name) = lower($2)
          AND ($3::uuid IS NULL OR id <> $3)`,
      [workspaceId, name, exceptId ?? null],
    );
    return rows.length > 0;
  },
};
