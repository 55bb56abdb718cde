import { Injectable } from '@nestjs/common';
import type { Executor } from '@pc/platform';

/** Transfers already carried out (`rulesets.ownership_moves`), so that a repeated move changes nothing. Executor first. */
@Injectable()
export class OwnershipRepository {
  /** Records an accepted transfer once; false when it was already recorded. */
  async recordMove(
    db: Executor,
    move: { transferId: string; rulesetId: string; fromUserId: string; toUserId: string },
  ): Promise<boolean> {
    const rows = await db.query<unknown[]>(
      `INSERT INTO rulesets.ownership_moves (transfer_id, ruleset_id, from_user_id, to_user_id)
       VALUES ($1, $2, $3, $4) ON CONFLICT (transfer_id) DO NOTHING RETURNING 1`,
      [move.transferId, move.rulesetId, move.fromUserId, move.toUserId],
    );
    return rows.length > 0;
  }
}
