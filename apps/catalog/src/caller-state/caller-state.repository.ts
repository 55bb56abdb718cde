import { Injectable } from '@nestjs/common';
import type { Executor } from '@pc/platform';

/** What one user likes and owns, bounded: at most `max` rows each (ask for one more to know if there are more). */
@Injectable()
export class CallerStateRepository {
  async likedBy(db: Executor, userId: string, max: number): Promise<string[]> {
    const rows = await db.query<Array<{ policy_id: string }>>(
      `SELECT policy_id FROM catalog.policy_likes WHERE user_id = $1 LIMIT $2`,
      [userId, max],
    );
    return rows.map((row) => row.policy_id);
  }

  async ownedBy(
    db: Executor,
    userId: string,
    max: number,
  ): Promise<Array<{ id: string; published: boolean }>> {
    return db.query<Array<{ id: string; published: boolean }>>(
      `SELECT id, status = 'published' AS published FROM catalog.policies WHERE owner_id = $1 LIMIT $2`,
      [userId, max],
    );
  }
}
