import { Injectable } from '@nestjs/common';
import { DeploymentsRpc, type RequestContext, WebhooksRpc } from '@pc/contracts';
import { BusClient, createLogger, RemoteError } from '@pc/platform';

const log = createLogger('gateway');

/** A target whose workspace its route's answer does not say: a webhook endpoint or a deployment. */
export interface WorkspaceTarget {
  type: 'webhook' | 'deployment';
  id: string | null;
}

/**
 * Which workspace an audited action happened in, asked of the service that owns the target as the
 * caller (who acts on it, so sees it). Asked before the route acts: a deleted endpoint or deployment
 * has nothing left to ask. A target's workspace never changes, so the answer before is the answer after.
 */
@Injectable()
export class AuditWorkspaces {
  constructor(private readonly bus: BusClient) {}

  /** The target's workspace; null for a user's own endpoint, or when the service cannot tell. */
  async of(ctx: RequestContext, target: WorkspaceTarget): Promise<string | null> {
    if (target.id === null) return null;
    try {
      switch (target.type) {
        case 'webhook':
          return (await this.bus.request(WebhooksRpc.get, ctx, { id: target.id })).endpoint.workspace_id;
        case 'deployment':
          return (await this.bus.request(DeploymentsRpc.get, ctx, { id: target.id })).deployment.workspace_id;
      }
    } catch (error) {
      // Not the caller's to see (the route answers the same refusal, and nothing is recorded); else the
      // entry is kept without its workspace, and said so.
      if (!(error instanceof RemoteError && ['NOT_FOUND', 'FORBIDDEN'].includes(error.payload.code)))
        log.warn({ err: error, target }, "audit: the target's workspace could not be read");
      return null;
    }
  }
}
