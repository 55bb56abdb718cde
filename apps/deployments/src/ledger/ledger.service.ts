import { Inject, Injectable } from '@nestjs/common';
import {
  type ConnectionStats,
  type InstalledPolicy,
  type InstalledRuleset,
  type ReconciliationSummary,
  type RequestContext,
  summaryOf,
} from '@pc/contracts';
import { definitionAssetId } from '@pc/deployments-store';
import { delegatedAccess, type GatewayPlatform } from '@pc/gateway-platform';
import { BusClient, createLogger, Database } from '@pc/platform';
import { GATEWAY_PLATFORM } from '../platform';
import { requireUser } from '../common/caller';
import { LedgerRepository } from './ledger.repository';

const log = createLogger('deployments');
/** Deployments probed by one connection sync (the newest live ones). */
const RECONCILE_MAX = 200;
/** Installed items of each kind in a workspace's detail (the newest deployed). */
const INSTALLED_MAX = 100;

/**
 * What the connections and workspaces services need to know about deployments (they never read this
 * schema): counts for impact screens, the reconciliation summary of a connection sync, and the
 * workspace detail's statistics and installed items.
 */
@Injectable()
export class LedgerService {
  constructor(
    private readonly db: Database,
    private readonly ledger: LedgerRepository,
    private readonly bus: BusClient,
    @Inject(GATEWAY_PLATFORM) private readonly platform: GatewayPlatform,
  ) {}

  /** Active: queued, running or succeeded (live); historical: every other one. */
  async connectionCounts(connectionId: string): Promise<{ active: number; historical: number }> {
    return this.ledger.connectionCounts(this.db.pool, connectionId);
  }

  /**
   * Probes every live deployment made through the connection: `in_sync` when applied, `gone` when the
   * platform no longer has it, `unknown` when one probe failed. Null (with the reason) when the platform
   * could not be reached at all.
   */
  async reconcile(
    ctx: RequestContext,
    connectionId: string,
  ): Promise<{ summary: ReconciliationSummary | null; reason: string | null }> {
    requireUser(ctx);
    const rows = await this.ledger.liveThrough(this.db.pool, connectionId, RECONCILE_MAX);
    const summary: ReconciliationSummary = { in_sync: 0, unknown: 0, gone: [] };
    if (rows.length === 0) return { summary, reason: null };
    let platform;
    try {
      // The connection's owner (sync is theirs), for deployments of every workspace: no workspace's rule.
      platform = (await delegatedAccess(this.bus, requireUser(ctx).userId, connectionId, null)).platform;
    } catch (error) {
      log.warn({ err: error, connectionId }, 'reconciliation: no platform access');
      return { summary: null, reason: 'The platform could not be reached with this connection' };
    }
    let failures = 0;
    for (const row of rows) {
      try {
        const applied = await this.platform.getApplied(
          platform,
          row.platform_org_id,
          definitionAssetId(row.asset_slug),
        );
        if (applied) summary.in_sync++;
        else
          summary.gone.push({
            deployment_id: row.id,
            policy_name: row.asset_name,
            version: row.applied_version ?? row.version ?? '',
            status: row.home_doc_status ?? 'published',
            mode: row.do_release ? 'release' : row.do_publish ? 'publish' : 'apply',
          });
      } catch (error) {
        failures++;
        summary.unknown++;
        log.warn({ err: error, deployment: row.id }, 'reconciliation probe failed');
      }
    }
    if (failures === rows.length)
      return { summary: null, reason: 'The platform did not answer any probe of this sweep' };
    return { summary, reason: null };
  }

  async workspaceSummary(
    workspaceId: string,
    connectionIds: string[],
  ): Promise<{
    connectionStats: Record<string, ConnectionStats>;
    installedPolicies: InstalledPolicy[];
    installedRulesets: InstalledRuleset[];
  }> {
    const stats = await this.ledger.connectionStats(this.db.pool, workspaceId);
    const byConnection = new Map(stats.map((s) => [s.connection_id, s]));
    const connectionStats = Object.fromEntries(
      connectionIds.map((id) => {
        const s = byConnection.get(id);
        return [
          id,
          {
            deployments: Number(s?.deployments ?? 0),
            target_orgs: Number(s?.target_orgs ?? 0),
            live_policies: Number(s?.live_policies ?? 0),
            ruleset_deployments: Number(s?.ruleset_deployments ?? 0),
            ruleset_target_orgs: Number(s?.ruleset_target_orgs ?? 0),
            live_rulesets: Number(s?.live_rulesets ?? 0),
          },
        ];
      }),
    );
    const installed = await this.ledger.installed(this.db.pool, workspaceId, INSTALLED_MAX);
    // Catalog fields come from the deployment rows (captured from the catalog or the rulesets service when
    // the item was deployed): the workspace detail never waits on, or reads the schema of, another service.
    // A description is a summary, as in search: 200 items of 20,000 characters would not fit one reply.
    const policies = installed.filter((p) => p.asset_type === 'policy');
    const rulesets = installed.filter((p) => p.asset_type === 'ruleset');
    return {
      connectionStats,
      installedPolicies: policies.map((p) => ({
        id: p.item_id,
        name: p.asset_name,
        category: p.listing?.category ?? null,
        description: p.description === null ? null : summaryOf(p.description),
        pdk_version: p.listing?.kit_version ?? null,
        owner_name: p.listing?.owner_name ?? null,
        company: null,
        submitted_by: p.listing?.submitted_by ?? null,
        icon_url: p.listing?.icon_url ?? null,
        deploys_in_workspace: Number(p.deploys),
        latest_deployment_at: p.latest.toISOString(),
      })),
      installedRulesets: rulesets.map((r) => ({
        id: r.item_id,
        name: r.asset_name,
        category: r.listing?.category ?? null,
        description: r.description === null ? null : summaryOf(r.description),
        target_scopes: r.listing?.target_scopes ?? [],
        owner_name: r.listing?.owner_name ?? null,
        company: null,
        submitted_by: r.listing?.submitted_by ?? null,
        icon_url: r.listing?.icon_url ?? null,
        deploys_in_workspace: Number(r.deploys),
        latest_deployment_at: r.latest.toISOString(),
      })),
    };
  }

  /** Deployments in the workspace by one member, or through one connection. */
  async authoredCount(
    workspaceId: string,
    userId?: string,
    connectionId?: string,
  ): Promise<{ count: number }> {
    return {
      count: await this.ledger.authoredCount(this.db.pool, workspaceId, userId ?? null, connectionId ?? null),
    };
  }
}
