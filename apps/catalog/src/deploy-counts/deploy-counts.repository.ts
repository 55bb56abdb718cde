import { Injectable } from '@nestjs/common';
import type { Executor } from '@pc/platform';

@Injectable()
export class DeployCountsRepository {
  /** Adds one deploy to the policy unless this event was counted already (one statement: both or neither). */
  async countOnce(db: Executor, eventId: string, policyId: string): Promise<void> {
    await db.query(
      `WITH fresh AS (
         INSERT INTO catalog.counted_deploy_events (event_id, policy_id) VALUES ($1, $2)
         ON CONFLICT (event_id) DO NOTHING RETURNING policy_id)
       UPDATE catalog.policies SET deploy_count = deploy_count + 1 WHERE id IN (SELECT policy_id FROM fresh)`,
      [eventId, policyId],
    );
  }
}
