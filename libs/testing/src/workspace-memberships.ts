type Query = (sql: string, params: unknown[]) => Promise<unknown>;

/**
 * `count` new workspaces of other owners, written at once, each given a row by `insert` (an INSERT
 * selecting from `w`, the new workspaces' ids; its parameters start at $2): as many joins or shares as a
 * cap is about, which the API would take minutes to make. `query` runs SQL on the test's database: a
 * service harness's `sql`, or a `pg` client's `query`.
 */
async function inOtherWorkspaces(query: Query, count: number, insert: string, params: unknown[]) {
  await query(
    `WITH w AS (
       INSERT INTO workspaces.workspaces (name, slug, owner_id)
       SELECT 'Bulk', 'bulk-' || gen_random_uuid(), gen_random_uuid() FROM generate_series(1, $1) RETURNING id)
     ${insert}`,
    [count, ...params],
  );
}

/** Makes `userId` a member of `count` workspaces of other owners. */
export function memberOfOtherWorkspaces(query: Query, userId: string, count: number): Promise<void> {
  return inOtherWorkspaces(
    query,
    count,
    `INSERT INTO workspaces.members (workspace_id, user_id, role) SELECT id, $2, 'member' FROM w`,
    [userId],
  );
}

/** Shares `connectionId` (by `sharedBy`) into `count` workspaces of other owners. */
export function sharedIntoOtherWorkspaces(
  query: Query,
  connectionId: string,
  sharedBy: string,
  count: number,
): Promise<void> {
  return inOtherWorkspaces(
    query,
    count,
    `INSERT INTO workspaces.shares (workspace_id, connection_id, shared_by) SELECT id, $2, $3 FROM w`,
    [connectionId, sharedBy],
  );
}
