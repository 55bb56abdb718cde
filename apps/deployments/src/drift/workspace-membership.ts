import { type RequestContext, type WorkspaceMembership, WorkspacesRpc } from '@pc/contracts';
import type { BusClient } from '@pc/platform';

/**
 * The caller's membership of the workspace, as the workspaces service lists it (its role and the
 * workspace, archived or not); undefined when the caller is not an active member of it.
 *
 * The same list `callerWorkspaceIds` (deployments/caller-workspaces.ts) asks for, but not the same
 * question: that one keeps the ids alone, and the callers here need the role (who changes the settings)
 * and whether the workspace is archived (no heal, no settings change there).
 */
export async function membershipOf(
  bus: BusClient,
  ctx: RequestContext,
  workspaceId: string,
): Promise<WorkspaceMembership | undefined> {
  const { memberships } = await bus.request(WorkspacesRpc.list, ctx, {});
  return memberships.find((m) => m.workspace.id === workspaceId);
}
