import { Injectable } from '@nestjs/common';
import type { Executor } from '@pc/platform';

/** Likes of rulesets: one row per user and ruleset, and the ruleset's like_count moved with them. Executor first. */
@Injectable()
export class LikesRepository {
  async has(db: Executor, userId: string, rulesetId: string): Promise<boolean> {
    const rows = await db.query<unknown[]>(
      `SELECT 1 FROM rulesets.ruleset_likes WHERE user_id = $1 AND ruleset_id = $2`,
      [userId, rulesetId],
    );
    return rows.length > 0;
  }

  /**
   * Toggles the like, keeping like_count equal to the rows; returns the new state. Run it in a
   * transaction (the three statements are one change).
   */
  async toggle(db: Executor, rulesetId: string, userId: string): Promise<boolean> {
    const [removed] = await db.query<[unknown[], number]>(
      `DELETE FROM rulesets.ruleset_likes WHERE ruleset_id = $1 AND user_id = $2 RETURNING 1`,
      [rulesetId, userId],
    );
    const liked = removed.length === 0;
    if (liked) {
      await db.query(`INSERT INTO rulesets.ruleset_likes (ruleset_id, user_id) VALUES ($1, $2)`, [
        rulesetId,
        userId,
      ]);
    }
    await db.query(`UPDATE rulesets.rulesets SET like_count = like_count + $2 WHERE id = $1`, [
      rulesetId,
      liked ? 1 : -1,
    ]);
    return liked;
  }
}
