import { Injectable } from '@nestjs/common';
import type { Executor } from '@pc/platform';

/** Deploy counts, once per deployments event. Executor first. */
@Injectable()
export class DeployCountsRepository {
  /** Adds one deploy to the ruleset unless this event was counted already (one statement: both or neither). */
  async countOnce(db: Executor, eventId: string, rulesetId: string): Promise<void> {
    await db.query(
      `WITH fresh AS (
         INSERT INTO rulesets.counted_deploy_events (event_id, ruleset_id) VALUES ($1, $2)
         ON CONFLICT (event_id) DO NOTHING RETURNING ruleset_id)
       UPDATE rulesets.rulesets SET deploy_count = deploy_count + 1 WHERE id IN (SELECT ruleset_id FROM fresh)`,
      [eventId, rulesetId],
    );
  }
}
