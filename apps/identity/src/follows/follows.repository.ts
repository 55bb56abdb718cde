import { Injectable } from '@nestjs/common';
import type { FollowableAssetType } from '@pc/contracts';
import type { Executor } from '@pc/platform';

/** One followed item: a policy or a ruleset, by id. */
export interface FollowedItem {
  assetType: FollowableAssetType;
  resourceId: string;
}

/** Who follows what (`identity.follows`). */
@Injectable()
export class FollowsRepository {
  /** Idempotent: following twice keeps one row. */
  async add(db: Executor, userId: string, item: FollowedItem): Promise<void> {
    await db.query(
      `INSERT INTO identity.follows (user_id, asset_type, resource_id) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING`,
      [userId, item.assetType, item.resourceId],
    );
  }

  async remove(db: Executor, userId: string, item: FollowedItem): Promise<void> {
    await db.query(
      `DELETE FROM identity.follows WHERE user_id = $1 AND asset_type = $2 AND resource_id = $3`,
      [userId, item.assetType, item.resourceId],
    );
  }

  async has(db: Executor, userId: string, item: FollowedItem): Promise<boolean> {
    const rows = await db.query<unknown[]>(
      `SELECT 1 FROM identity.follows WHERE user_id = $1 AND asset_type = $2 AND resource_id = $3`,
      [userId, item.assetType, item.resourceId],
    );
    return rows.length > 0;
  }

  /**
   * The followers of an item who have an active endpoint of their own subscribed to `version.published`
   * (the others would receive nothing: the fan-out reads only these).
   */
  async followersWithEndpoints(db: Executor, item: FollowedItem): Promise<string[]> {
    const rows = await db.query<Array<{ user_id: string }>>(
      `SELECT f.user_id FROM identity.follows f
        WHERE f.asset_type = $1 AND f.resource_id = $2
          AND EXISTS (SELECT 1 FROM identity.webhook_endpoints e
                       WHERE e.user_id = f.user_id AND e.workspace_id IS NULL AND e.status = 'active'
                         AND 'version.published' = ANY(e.event_types))`,
      [item.assetType, item.resourceId],
    );
    return rows.map((r) => r.user_id);
  }
}
