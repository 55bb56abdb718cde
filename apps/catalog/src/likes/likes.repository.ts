import { Injectable } from '@nestjs/common';
import type { Executor } from '@pc/platform';

/** One row per user and policy, and the policy's counter. Executor first. */
@Injectable()
export class LikesRepository {
  async exists(db: Executor, policyId: string, userId: string): Promise<boolean> {
    const rows = await db.query<unknown[]>(
      `SELECT 1 FROM catalog.policy_likes WHERE policy_id = $1 AND user_id = $2`,
      [policyId, userId],
    );
    return rows.length > 0;
  }

  /** A transaction-scoped lock on (policy, user): one user's concurrent toggles take turns. */
  async lock(db: Executor, policyId: string, userId: string): Promise<void> {
    await db.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`like:${policyId}:${userId}`]);
  }

  /** Removes the like and moves the counter down; false when there was none. */
  async remove(db: Executor, policyId: string, userId: string): Promise<boolean> {
    const [removed] = await db.query<[unknown[], number]>(
      `DELETE FROM catalog.policy_likes WHERE policy_id = $1 AND user_id = $2 RETURNING policy_id`,
      [policyId, userId],
    );
    if (removed.length === 0) return false;
    await db.query(`UPDATE catalog.policies SET like_count = like_count - 1 WHERE id = $1`, [policyId]);
    return true;
  }

  /** Adds the like and moves the counter up (call under `lock`, after `remove` found none). */
  async add(db: Executor, policyId: string, userId: string): Promise<void> {
    await db.query(`INSERT INTO catalog.policy_likes (policy_id, user_id) VALUES ($1, $2)`, [
      policyId,
      userId,
    ]);
    await db.query(`UPDATE catalog.policies SET like_count = like_count + 1 WHERE id = $1`, [policyId]);
  }
}
