import { Injectable } from '@nestjs/common';
import type { MoveRulesetOwnershipRequest, RulesetTransferOutcome } from '@pc/contracts';
import type { Executor } from '@pc/platform';

/**
 * What came first for each transfer (`rulesets.ownership_moves`, one row per transfer id): its move, or
 * the catalog ending it. The primary key is the arbiter: whichever is recorded first stays, and every
 * later ask of either kind reads it. Executor first.
 */
@Injectable()
export class OwnershipRepository {
  /** What was recorded for the transfer; null when nothing yet. */
  async outcomeOf(db: Executor, transferId: string): Promise<RulesetTransferOutcome | null> {
    const rows = await db.query<Array<{ outcome: RulesetTransferOutcome }>>(
      `SELECT outcome FROM rulesets.ownership_moves WHERE transfer_id = $1`,
      [transferId],
    );
    return rows[0]?.outcome ?? null;
  }

  /**
   * Records `outcome` for the transfer unless something was recorded first (a concurrent record of the
   * same transfer is waited for); returns what stands, ours or the earlier one.
   */
  async record(
    db: Executor,
    transfer: MoveRulesetOwnershipRequest,
    outcome: RulesetTransferOutcome,
  ): Promise<RulesetTransferOutcome> {
    const rows = await db.query<Array<{ outcome: RulesetTransferOutcome }>>(
      `INSERT INTO rulesets.ownership_moves (transfer_id, ruleset_id, from_user_id, to_user_id, outcome)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (transfer_id) DO NOTHING RETURNING outcome`,
      [transfer.transferId, transfer.rulesetId, transfer.fromUserId, transfer.toUserId, outcome],
    );
    if (rows[0]) return rows[0].outcome;
    // A statement of its own: in READ COMMITTED it sees the row that made the insert do nothing.
    const earlier = await this.outcomeOf(db, transfer.transferId);
    if (!earlier) throw new Error(`No outcome recorded for transfer ${transfer.transferId}`);
    return earlier;
  }
}
