import { Injectable } from '@nestjs/common';
import {
  type ConnectionStats,
  DeploymentsRpc,
  type InstalledPolicy,
  type InstalledRuleset,
  type RequestContext,
} from '@pc/contracts';
import { BusClient } from '@pc/platform';

export const DEPLOYMENTS_LEDGER = Symbol('DEPLOYMENTS_LEDGER');

/** What workspaces need to know about deployments; the deployments service answers it over the bus. */
export interface DeploymentsLedger {
  workspaceSummary(
    ctx: RequestContext,
    workspaceId: string,
    connectionIds: string[],
  ): Promise<{
    connectionStats: Record<string, ConnectionStats>;
    installedPolicies: InstalledPolicy[];
    installedRulesets: InstalledRuleset[];
  }>;
  authoredBy(ctx: RequestContext, workspaceId: string, userId: string): Promise<number>;
  throughConnection(ctx: RequestContext, workspaceId: string, connectionId: string): Promise<number>;
}

/** The deployments service answers over the bus (this service never reads its tables). */
@Injectable()
export class BusDeploymentsLedger implements DeploymentsLedger {
  constructor(private readonly bus: BusClient) {}

  workspaceSummary(ctx: RequestContext, workspaceId: string, connectionIds: string[]) {
    return this.bus.request(DeploymentsRpc.workspaceSummary, ctx, { workspaceId, connectionIds });
  }

  async authoredBy(ctx: RequestContext, workspaceId: string, userId: string): Promise<number> {
    return (await this.bus.request(DeploymentsRpc.authoredCount, ctx, { workspaceId, userId })).count;
  }

  async throughConnection(ctx: RequestContext, workspaceId: string, connectionId: string): Promise<number> {
    return (await this.bus.request(DeploymentsRpc.authoredCount, ctx, { workspaceId, connectionId })).count;
  }
}
