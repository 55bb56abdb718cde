import { Inject, Injectable } from '@nestjs/common';
import type { LikeResult, RequestContext } from '@pc/contracts';
import { DataSource } from 'typeorm';
import { requireUser } from '../common/caller';
import { PolicyAccess } from '../policies/policy-access';

/**
 * One row per user and policy. A toggle takes a transaction-scoped lock on (policy, user), so concurrent
 * toggles by one user take turns, and moves the counter by exactly what it inserted or deleted.
 */
@Injectable()
export class LikesService {
  constructor(
    private readonly access: PolicyAccess,
    @Inject(DataSource) private readonly dataSource: DataSource,
  ) {}

  async get(ctx: RequestContext, policyId: string): Promise<LikeResult> {
    const caller = requireUser(ctx);
    await this.access.visible(ctx, policyId);
    const rows = await this.dataSource.query<unknown[]>(
      `SELECT 1 FROM catalog.policy_likes WHERE policy_id = $1 AND user_id = $2`,
      [policyId, caller.userId],
    );
    return { liked: rows.length > 0 };
  }

  async toggle(ctx: RequestContext, policyId: string): Promise<LikeResult> {
    const caller = requireUser(ctx);
    await this.access.visible(ctx, policyId);
    return this.dataSource.transaction(async (db) => {
      await db.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`like:${policyId}:${caller.userId}`]);
      const [removed] = await db.query<[unknown[], number]>(
        `DELETE FROM catalog.policy_likes WHERE policy_id = $1 AND user_id = $2 RETURNING policy_id`,
        [policyId, caller.userId],
      );
      if (removed.length > 0) {
        await db.query(`UPDATE catalog.policies SET like_count = like_count - 1 WHERE id = $1`, [policyId]);
        return { liked: false };
      }
      await db.query(`INSERT INTO catalog.policy_likes (policy_id, user_id) VALUES ($1, $2)`, [
        policyId,
        caller.userId,
      ]);
      await db.query(`UPDATE catalog.policies SET like_count = like_count + 1 WHERE id = $1`, [policyId]);
      return { liked: true };
    });
  }
}
