import { Injectable } from '@nestjs/common';
import type { DeploymentDrift, DeploymentDriftedEvent } from '@pc/contracts';
import { DeploymentsEvents } from '@pc/contracts';
import type { Executor } from '@pc/platform';
import type { DeploymentRow } from '@pc/deployments-store';

/**
 * Drift's candidates (parameters: after id, limit, connection, deployment), read in the reconcile's order;
 * planned in drift.plans.
 */
export const CANDIDATES_SQL = `SELECT * FROM (
     SELECT DISTINCT ON (asset_slug, platform_org_id) *
       FROM deployments.deployments
      WHERE status IN ('succeeded', 'removed', 'queued', 'running')
      ORDER BY asset_slug, platform_org_id, created_at DESC) latest
    WHERE latest.status = 'succeeded' AND latest.applied_version IS NOT NULL
      AND ($3::uuid IS NULL OR latest.connection_id = $3)
      AND latest.rollback_pinned_at IS NULL AND ($1::uuid IS NULL OR latest.id > $1)
      AND ($4::uuid IS NULL OR latest.id = $4)
      AND NOT EXISTS (SELECT 1 FROM deployments.jobs j WHERE j.deployment_id = latest.id
                        AND j.status IN ('queued', 'running'))
      AND NOT EXISTS (SELECT 1 FROM deployments.rollout_organizations o
                       WHERE o.active AND o.platform_org_id = latest.platform_org_id
                         AND o.item_key = latest.asset_type || ':' || coalesce(latest.policy_id, latest.ruleset_id))
    ORDER BY latest.id LIMIT $2`;

/** The reconcile's reads and writes: candidates, drift records with their event, self-heal settings. */
@Injectable()
export class DriftRepository {
  /**
   * The latest deployment of each item and organization, when it succeeded, with what it applied: the
   * platform holds one copy of an item per organization, so a deployment superseded there (through
   * another connection too) is not live and its difference from the platform is no drift. Not
   * while another deployment or job of that target is in flight, nor while a roll-out holds it, nor
   * when a roll-out rolled a later version back there (the rollback is pinned: nothing is re-applied
   * until someone deploys again). `only` narrows it to one deployment or one connection's.
   */
  async candidates(
    db: Executor,
    afterId: string | null,
    limit: number,
    only: { deploymentId?: string; connectionId?: string } = {},
  ): Promise<DeploymentRow[]> {
    return db.query<DeploymentRow[]>(CANDIDATES_SQL, [
      afterId,
      limit,
      only.connectionId ?? null,
      only.deploymentId ?? null,
    ]);
  }

  /** Records a (new or changed) drift, and the event that tells the author, once. */
  async markDrifted(
    db: Executor,
    row: DeploymentRow,
    drift: DeploymentDrift,
    event: DeploymentDriftedEvent,
  ): Promise<void> {
    await db.query(`UPDATE deployments.deployments SET drift = $2, updated_at = now() WHERE id = $1`, [
      row.id,
      JSON.stringify(drift),
    ]);
    await db.query(`INSERT INTO deployments.outbox (pattern, payload) VALUES ($1, $2)`, [
      DeploymentsEvents.deploymentDrifted.pattern,
      JSON.stringify(event),
    ]);
  }

  async clearDrift(db: Executor, id: string): Promise<void> {
    await db.query(
      `UPDATE deployments.deployments SET drift = NULL, updated_at = now() WHERE id = $1 AND drift IS NOT NULL`,
      [id],
    );
  }

  async selfHealing(db: Executor, workspaceIds: string[]): Promise<Set<string>> {
    if (workspaceIds.length === 0) return new Set();
    const rows = await db.query<Array<{ workspace_id: string }>>(
      `SELECT workspace_id FROM deployments.workspace_settings WHERE self_heal AND workspace_id = ANY($1)`,
      [workspaceIds],
    );
    return new Set(rows.map((r) => r.workspace_id));
  }

  async settings(db: Executor, workspaceId: string): Promise<{ self_heal: boolean }> {
    const [row] = await db.query<Array<{ self_heal: boolean }>>(
      `SELECT self_heal FROM deployments.workspace_settings WHERE workspace_id = $1`,
      [workspaceId],
    );
    return { self_heal: row?.self_heal ?? false };
  }

  async saveSettings(db: Executor, workspaceId: string, selfHeal: boolean, userId: string): Promise<void> {
    await db.query(
      `INSERT INTO deployments.workspace_settings (workspace_id, self_heal, updated_by) VALUES ($1, $2, $3)
       ON CONFLICT (workspace_id) DO UPDATE SET self_heal = $2, updated_by = $3, updated_at = now()`,
      [workspaceId, selfHeal, userId],
    );
  }
}
