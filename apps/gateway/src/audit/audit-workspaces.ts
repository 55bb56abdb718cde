import { Injectable } from '@nestjs/common';
import { DeploymentsRpc, GovernanceRpc, type RequestContext, WebhooksRpc } from '@pc/contracts';
import { BusClient, createLogger, RemoteError } from '@pc/platform';
import { isUUID } from 'class-validator';

const log = createLogger('gateway');

/**
 * A target whose workspace its route's answer does not say: a webhook endpoint, a deployment, a governed
 * API (its documents and waivers are its workspace's) or a governance profile; or the failed deployments
 * of the caller's (of one policy, or all) that a bulk deletion removes, possibly in several workspaces.
 */
export type WorkspaceTarget =
  | { type: 'webhook' | 'deployment' | 'governed_api' | 'governance_profile'; id: string | null }
  | { type: 'failed_deployments'; policyId: string | null };

/** The workspace of each target, by the target's id (a target in none, or not found, is absent). */
export type TargetWorkspaces = ReadonlyMap<string, string>;

const NONE: TargetWorkspaces = new Map();

/**
 * Which workspace an audited action happened in, asked of the service that owns the target as the
 * caller (who acts on it, so sees it). Asked before the route acts: a deleted target has nothing left to
 * ask. A target's workspace never changes, so the answer before is the answer after; a deployment that
 * fails between the question and a bulk deletion is deleted without a workspace known.
 */
@Injectable()
export class AuditWorkspaces {
  constructor(private readonly bus: BusClient) {}

  /** The targets' workspaces; none for a user's own endpoint, or when the service cannot tell. */
  async of(ctx: RequestContext, target: WorkspaceTarget): Promise<TargetWorkspaces> {
    // An id that is not a UUID: the route refuses it (400) before it acts, so there is nothing to ask.
    const id = target.type === 'failed_deployments' ? target.policyId : target.id;
    if (id !== null && !isUUID(id)) return NONE;
    try {
      if (target.type === 'failed_deployments') {
        const request = target.policyId === null ? {} : { policyId: target.policyId };
        const { deployments } = await this.bus.request(DeploymentsRpc.listFailed, ctx, request);
        return new Map(deployments.map((deployment) => [deployment.id, deployment.workspace_id]));
      }
      if (target.id === null) return NONE;
      const workspace = await this.workspaceOf(ctx, target.type, target.id);
      return workspace === null ? NONE : new Map([[target.id, workspace]]);
    } catch (error) {
      // Not the caller's to see (the route answers the same refusal, and nothing is recorded); else the
      // entry is kept without its workspace, and said so.
      if (!(error instanceof RemoteError && ['NOT_FOUND', 'FORBIDDEN'].includes(error.payload.code)))
        log.warn({ err: error, target }, "audit: the target's workspace could not be read");
      return NONE;
    }
  }

  private async workspaceOf(
    ctx: RequestContext,
    type: Exclude<WorkspaceTarget['type'], 'failed_deployments'>,
    id: string,
  ): Promise<string | null> {
    switch (type) {
      case 'webhook':
        return (await this.bus.request(WebhooksRpc.get, ctx, { id })).endpoint.workspace_id;
      case 'deployment':
        return (await this.bus.request(DeploymentsRpc.get, ctx, { id })).deployment.workspace_id;
      case 'governed_api':
        return (await this.bus.request(GovernanceRpc.getApi, ctx, { id })).api.workspace_id;
      case 'governance_profile':
        return (await this.bus.request(GovernanceRpc.getProfile, ctx, { id })).profile.workspace_id;
    }
  }
}
