import { type RequestContext, type WorkspaceMembership, WorkspacesRpc } from '@pc/contracts';
import type { BusClient } from '@pc/platform';

/**
 * The caller's membership of the workspace, as the workspaces service lists it (its role and the
 * workspace, archived or not); undefined when the caller is not an active member of it.
 */
export async function membershipOf(
  bus: BusClient,
  ctx: RequestContext,
  workspaceId: string,
): Promise<WorkspaceMembership | undefined> {
  const { memberships } = await bus.request(WorkspacesRpc.list, ctx, {});
  return memberships.find((m) => m.workspace.id === workspaceId);
}
