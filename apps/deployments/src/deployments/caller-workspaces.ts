import { type RequestContext, WorkspacesRpc } from '@pc/contracts';
import type { BusClient } from '@pc/platform';

/**
 * The workspaces the caller is an active member of, as the workspaces service lists them (one question
 * to it per call): whose roll-outs, and those roll-outs' deployments, the caller sees (`DeploymentAccess`,
 * `RolloutAccess`).
 */
export async function callerWorkspaceIds(bus: BusClient, ctx: RequestContext): Promise<string[]> {
  const { memberships } = await bus.request(WorkspacesRpc.list, ctx, {});
  return memberships.map((membership) => membership.workspace.id);
}
