import { Injectable } from '@nestjs/common';
import type { Executor } from '@pc/platform';
import type { DeployedListing, DeploymentRow } from '@pc/deployments-store';

/** One item deployed in a workspace: its latest name, description and listing, and its deploy count. */
export interface InstalledRow {
  asset_type: 'policy' | 'ruleset';
  item_id: string;
  asset_name: string;
  description: string | null;
  listing: DeployedListing | null;
  deploys: string;
  latest: Date;
}

export interface ConnectionStatsRow {
  connection_id: string;
  deployments: string;
  target_orgs: string;
  live_policies: string;
  ruleset_deployments: string;
  ruleset_target_orgs: string;
  live_rulesets: string;
}

/** The reads of the ledger (counts and summaries other services ask for). */
@Injectable()
export class LedgerRepository {
  /** Active: queued, running or succeeded (live); historical: every other one. */
  async connectionCounts(
    db: Executor,
    connectionId: string,
  ): Promise<{ active: number; historical: number }> {
    const [row] = await db.query<Array<{ active: string; historical: string }>>(
      `SELECT count(*) FILTER (WHERE status IN ('queued', 'running', 'succeeded')) AS active,
              count(*) FILTER (WHERE status IN ('failed', 'cancelled')) AS historical
         FROM deployments.deployments WHERE connection_id = $1`,
      [connectionId],
    );
    return { active: Number(row?.active ?? 0), historical: Number(row?.historical ?? 0) };
  }

  /** The connection's newest live deployments (applied), at most `limit`. */
  async liveThrough(db: Executor, connectionId: string, limit: number): Promise<DeploymentRow[]> {
    return db.query<DeploymentRow[]>(
      `SELECT * FROM deployments.deployments
        WHERE connection_id = $1 AND status = 'succeeded' AND applied_version IS NOT NULL
        ORDER BY created_at DESC LIMIT $2`,
      [connectionId, limit],
    );
  }

  /** Per connection used in the workspace: its deployments, organizations and live items, by kind. */
  async connectionStats(db: Executor, workspaceId: string): Promise<ConnectionStatsRow[]> {
    return db.query<ConnectionStatsRow[]>(
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
  }

  /**
   * The items deployed successfully in the workspace, newest first, at most `limit` of each kind, each
   * with the name, description and listing of its latest deployment (read from that one row only: an
   * item deployed thousands of times does not gather thousands of descriptions).
   */
  async installed(db: Executor, workspaceId: string, limit: number): Promise<InstalledRow[]> {
    return db.query<InstalledRow[]>(
      `WITH items AS (
         SELECT asset_type, coalesce(policy_id, ruleset_id) AS item_id, count(*) AS deploys,
                max(created_at) AS latest,
                row_number() OVER (PARTITION BY asset_type ORDER BY max(created_at) DESC) AS rank
           FROM deployments.deployments
          WHERE workspace_id = $1 AND status = 'succeeded'
          GROUP BY asset_type, coalesce(policy_id, ruleset_id))
       SELECT items.asset_type, items.item_id, items.deploys, items.latest, newest.asset_name,
              newest.source->>'description' AS description, newest.source->'listing' AS listing
         FROM items
        CROSS JOIN LATERAL (
              SELECT asset_name, source FROM deployments.deployments AS d
               WHERE d.workspace_id = $1 AND d.status = 'succeeded' AND d.asset_type = items.asset_type
                 AND coalesce(d.policy_id, d.ruleset_id) = items.item_id
               ORDER BY d.created_at DESC LIMIT 1) AS newest
        WHERE items.rank <= $2
        ORDER BY items.latest DESC`,
      [workspaceId, limit],
    );
  }

  /** Deployments in the workspace by one member, or through one connection. */
  async authoredCount(
    db: Executor,
    workspaceId: string,
    userId: string | null,
    connectionId: string | null,
  ): Promise<number> {
    const [row] = await db.query<Array<{ n: string }>>(
      `SELECT count(*) AS n FROM deployments.deployments
        WHERE workspace_id = $1 AND ($2::uuid IS NULL OR created_by = $2) AND ($3::uuid IS NULL OR connection_id = $3)`,
      [workspaceId, userId, connectionId],
    );
    return Number(row?.n ?? 0);
  }
}
