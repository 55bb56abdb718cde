import { Inject, Injectable } from '@nestjs/common';
import {
  type ConnectionStats,
  type InstalledPolicy,
  type InstalledRuleset,
  type ReconciliationSummary,
  type RequestContext,
} from '@pc/contracts';
import { delegatedAccess, type GatewayPlatform } from '@pc/gateway-platform';
import { BusClient, createLogger } from '@pc/platform';
import { DataSource } from 'typeorm';
import type { DeployedListing, DeploymentRow } from '../deployments/deployment.rows';
import { definitionAssetId, GATEWAY_PLATFORM } from '../platform/adapters';
import { requireUser } from '../common/caller';

const log = createLogger('deployments');
/** Deployments probed by one connection sync (the newest live ones). */
const RECONCILE_MAX = 200;
const INSTALLED_MAX = 100;

interface InstalledRow {
  asset_type: 'policy' | 'ruleset';
  item_id: string;
  asset_name: string;
  description: string;
  listing: DeployedListing | null;
  deploys: string;
  latest: Date;
}

/**
 * What the connections and workspaces services need to know about deployments (they never read this
 * schema): counts for impact screens, the reconciliation summary of a connection sync, and the
 * workspace detail's statistics and installed items.
 */
@Injectable()
export class LedgerService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly bus: BusClient,
    @Inject(GATEWAY_PLATFORM) private readonly platform: GatewayPlatform,
  ) {}

  /** Active: queued, running or succeeded (live); historical: every other one. */
  async connectionCounts(connectionId: string): Promise<{ active: number; historical: number }> {
    const [row] = await this.dataSource.query<Array<{ active: string; historical: string }>>(
      `SELECT count(*) FILTER (WHERE status IN ('queued', 'running', 'succeeded')) AS active,
              count(*) FILTER (WHERE status IN ('failed', 'cancelled')) AS historical
         FROM deployments.deployments WHERE connection_id = $1`,
      [connectionId],
    );
    return { active: Number(row?.active ?? 0), historical: Number(row?.historical ?? 0) };
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
    const rows = await this.dataSource.query<DeploymentRow[]>(
      `SELECT * FROM deployments.deployments
        WHERE connection_id = $1 AND status = 'succeeded' AND applied_version IS NOT NULL
        ORDER BY created_at DESC LIMIT $2`,
      [connectionId, RECONCILE_MAX],
    );
    const summary: ReconciliationSummary = { in_sync: 0, unknown: 0, gone: [] };
    if (rows.length === 0) return { summary, reason: null };
    let platform;
    try {
      platform = (await delegatedAccess(this.bus, requireUser(ctx).userId, connectionId)).platform;
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
    const stats = await this.dataSource.query<
      Array<{
        connection_id: string;
        deployments: string;
        target_orgs: string;
        live_policies: string;
        ruleset_deployments: string;
        ruleset_target_orgs: string;
        live_rulesets: string;
      }>
    >(
      `SELECT connection_id,
              count(*) FILTER (WHERE asset_type = 'policy') AS deployments,
              count(DISTINCT platform_org_id) FILTER (WHERE asset_type = 'policy') AS target_orgs,
              count(DISTINCT policy_id) FILTER (WHERE asset_type = 'policy' AND status = 'succeeded') AS live_policies,
              count(*) FILTER (WHERE asset_type = 'ruleset') AS ruleset_deployments,
              count(DISTINCT platform_org_id) FILTER (WHERE asset_type = 'ruleset') AS ruleset_target_orgs,
              count(DISTINCT ruleset_id) FILTER (WHERE asset_type = 'ruleset' AND status = 'succeeded') AS live_rulesets
         FROM deployments.deployments WHERE workspace_id = $1 GROUP BY connection_id`,
      [workspaceId],
    );
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
    const installed = await this.dataSource.query<InstalledRow[]>(
      `SELECT * FROM (
         SELECT asset_type, coalesce(policy_id, ruleset_id) AS item_id,
                (array_agg(asset_name ORDER BY created_at DESC))[1] AS asset_name,
                (array_agg(source->>'description' ORDER BY created_at DESC))[1] AS description,
                (array_agg(source->'listing' ORDER BY created_at DESC))[1] AS listing,
                count(*) AS deploys, max(created_at) AS latest,
                row_number() OVER (PARTITION BY asset_type ORDER BY max(created_at) DESC) AS rank
           FROM deployments.deployments
          WHERE workspace_id = $1 AND status = 'succeeded'
          GROUP BY asset_type, coalesce(policy_id, ruleset_id)) AS items
        WHERE rank <= $2 ORDER BY latest DESC`,
      [workspaceId, INSTALLED_MAX],
    );
    // Catalog fields come from the deployment rows (captured from the catalog or the rulesets service when
    // the item was deployed): the workspace detail never waits on, or reads the schema of, another service.
    const policies = installed.filter((p) => p.asset_type === 'policy');
    const rulesets = installed.filter((p) => p.asset_type === 'ruleset');
    return {
      connectionStats,
      installedPolicies: policies.map((p) => ({
        id: p.item_id,
        name: p.asset_name,
        category: p.listing?.category ?? null,
        description: p.description,
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
        description: r.description,
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
    const [row] = await this.dataSource.query<Array<{ n: string }>>(
      `SELECT count(*) AS n FROM deployments.deployments
        WHERE workspace_id = $1 AND ($2::uuid IS NULL OR created_by = $2) AND ($3::uuid IS NULL OR connection_id = $3)`,
      [workspaceId, userId ?? null, connectionId ?? null],
    );
    return { count: Number(row?.n ?? 0) };
  }
}
