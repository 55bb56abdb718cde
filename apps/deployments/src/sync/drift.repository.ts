import { Injectable } from '@nestjs/common';
import { DeploymentsEvents, type DeploymentDriftDetectedEvent, type DeploymentStatus } from '@pc/contracts';
import type { Executor } from '@pc/platform';
import type { DeploymentRow } from '@pc/deployments-store';

/**
 * A synchronization's finding, recorded as one statement: the deployment's status moves (only from
 * the status read: a concurrent change wins) and, when it moved, the drift event is written to the
 * outbox with it.
 */
@Injectable()
export class SyncDriftRepository {
  async moveAndAnnounce(
    db: Executor,
    deployment: DeploymentRow,
    from: DeploymentStatus,
    to: 'removed' | 'succeeded',
  ): Promise<DeploymentStatus | null> {
    const event: DeploymentDriftDetectedEvent = {
      deployment_id: deployment.id,
      asset_type: deployment.asset_type,
      policy_id: deployment.policy_id,
      ruleset_id: deployment.ruleset_id,
      workspace_id: deployment.workspace_id,
      platform_org_id: deployment.platform_org_id,
      created_by: deployment.created_by,
      found: to === 'removed' ? 'deleted' : 'reapplied',
      status: to,
    };
    const rows = await db.query<Array<{ status: DeploymentStatus }>>(
      `WITH moved AS (
         UPDATE deployments.deployments SET status = $3, updated_at = now()
          WHERE id = $1 AND status = $2 RETURNING status
       ), announced AS (
         INSERT INTO deployments.outbox (pattern, payload) SELECT $4, $5::jsonb FROM moved
       )
       SELECT status FROM moved`,
      [deployment.id, from, to, DeploymentsEvents.driftDetected.pattern, JSON.stringify(event)],
    );
    return rows[0]?.status ?? null;
  }
}
