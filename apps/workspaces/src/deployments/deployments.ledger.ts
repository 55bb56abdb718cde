import { Injectable } from '@nestjs/common';
import type { ConnectionStats, InstalledPolicy, InstalledRuleset, RequestContext } from '@pc/contracts';

export const DEPLOYMENTS_LEDGER = Symbol('DEPLOYMENTS_LEDGER');

/** What workspaces need to know about deployments; the deployments service will answer it over the bus. */
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

const ZERO: ConnectionStats = {
  deployments: 0,
  target_orgs: 0,
  live_policies: 0,
  ruleset_deployments: 0,
  ruleset_target_orgs: 0,
  live_rulesets: 0,
};

/**
 * The system has no deployments service yet, so nothing has been deployed through any workspace: every
 * count is zero and nothing is installed, because the source is empty. Replace this provider with a bus
 * client when the deployments service lands.
 */
@Injectable()
export class NoDeploymentsYet implements DeploymentsLedger {
  workspaceSummary(_ctx: RequestContext, _workspaceId: string, connectionIds: string[]) {
    return Promise.resolve({
      connectionStats: Object.fromEntries(connectionIds.map((id) => [id, { ...ZERO }])),
      installedPolicies: [],
      installedRulesets: [],
    });
  }

  authoredBy(): Promise<number> {
    return Promise.resolve(0);
  }

  throughConnection(): Promise<number> {
    return Promise.resolve(0);
  }
}
