import { Inject, Injectable } from '@nestjs/common';
import type { DeploymentSucceededEvent } from '@pc/contracts';
import type { Executor } from '@pc/platform';
import { LISTING_KIND, type ListingKind, tableOf } from '../listing-kind';

/** A listing's successful deployments, counted once per deployments event. Executor first. */
@Injectable()
export class DeployCountsRepository {
  constructor(@Inject(LISTING_KIND) private readonly kind: ListingKind) {}

  /**
   * The listing of the kind a deployment's event names; null for another kind's, and for a self-heal's
   * (the drift check applied a deployment again: not another deploy).
   */
  listingOf(event: DeploymentSucceededEvent): string | null {
    if (event.self_heal) return null;
    return event.asset_type === this.kind.assetType ? event[this.kind.idColumn] : null;
  }

  /** Adds one deploy to the listing unless this event was counted already (one statement: both or neither). */
  async countOnce(db: Executor, eventId: string, listingId: string): Promise<void> {
    const id = this.kind.idColumn;
    await db.query(
      `WITH fresh AS (
         INSERT INTO ${tableOf(this.kind, 'countedDeployEvents')} (event_id, ${id}) VALUES ($1, $2)
         ON CONFLICT (event_id) DO NOTHING RETURNING ${id})
       UPDATE ${tableOf(this.kind, 'listings')} SET deploy_count = deploy_count + 1
        WHERE id IN (SELECT ${id} FROM fresh)`,
      [eventId, listingId],
    );
  }
}
