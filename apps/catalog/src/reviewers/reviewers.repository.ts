import { Injectable } from '@nestjs/common';
import { insertInto } from '@pc/listings';
import type { Executor } from '@pc/platform';

/** `catalog.policy_reviewers`: who, besides administrators, reviews a policy. */
@Injectable()
export class ReviewersRepository {
  async isDesignated(db: Executor, policyId: string, userId: string): Promise<boolean> {
    const rows = await db.query<unknown[]>(
      `SELECT 1 FROM catalog.policy_reviewers WHERE policy_id = $1 AND user_id = $2`,
      [policyId, userId],
    );
    return rows.length > 0;
  }

  /** Idempotent: designating someone twice keeps the first designation. */
  async designate(db: Executor, policyId: string, userId: string, designatedBy: string): Promise<void> {
    const designation = { policy_id: policyId, user_id: userId, designated_by: designatedBy };
    await insertInto(db, 'catalog.policy_reviewers', designation, 'ON CONFLICT DO NOTHING');
  }

  /** True when there was a designation to remove. */
  async remove(db: Executor, policyId: string, userId: string): Promise<boolean> {
    const rows = await db.query<[unknown[], number]>(
      `DELETE FROM catalog.policy_reviewers WHERE policy_id = $1 AND user_id = $2 RETURNING policy_id`,
      [policyId, userId],
    );
    return rows[1] > 0;
  }
}
