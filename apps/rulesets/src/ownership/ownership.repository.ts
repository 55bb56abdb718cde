import { Injectable } from '@nestjs/common';
import type {
  EndRulesetTransferRequest,
  MoveRulesetOwnershipRequest,
  RulesetTransferOutcome,
} from '@pc/contracts';
import type { Executor } from '@pc/platform';

/**
 * What came first for each transfer (`rulesets.ownership_moves`, one row per transfer id): its move, or
 * the catalog ending it. The primary key is the arbiter: whichever is recorded first stays, and every
 * later ask of either kind reads it. Every insert names its outcome: `outcome` has no default, and one
 * without it is taken for a move by a replica of the release before ends were recorded (checked
 * against a recorded end by migration 1797700000000's trigger). Executor first.
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

  /**
   * `record` for several transfers, each with its own ending, in two statements whatever their number;
   * what stands for each, in the order given. Inserted in transfer id order, so that two batches naming
   * the same transfers wait for each other rather than deadlock.
   */
  async recordEndings(
    db: Executor,
    endings: EndRulesetTransferRequest[],
  ): Promise<Array<{ transferId: string; outcome: RulesetTransferOutcome }>> {
    const recorded = await db.query<Array<{ transfer_id: string; outcome: RulesetTransferOutcome }>>(
      `INSERT INTO rulesets.ownership_moves (transfer_id, ruleset_id, from_user_id, to_user_id, outcome)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[]) ORDER BY 1
       ON CONFLICT (transfer_id) DO NOTHING RETURNING transfer_id, outcome`,
      [
        endings.map((e) => e.transferId),
        endings.map((e) => e.rulesetId),
        endings.map((e) => e.fromUserId),
        endings.map((e) => e.toUserId),
        endings.map((e) => e.outcome),
      ],
    );
    const outcomes = new Map(recorded.map((row) => [row.transfer_id, row.outcome]));
    const others = endings.map((e) => e.transferId).filter((id) => !outcomes.has(id));
    if (others.length > 0) {
      // A statement of its own: in READ COMMITTED it sees the rows that made the insert do nothing.
      const earlier = await db.query<Array<{ transfer_id: string; outcome: RulesetTransferOutcome }>>(
        `SELECT transfer_id, outcome FROM rulesets.ownership_moves WHERE transfer_id = ANY($1::uuid[])`,
        [others],
      );
      for (const row of earlier) outcomes.set(row.transfer_id, row.outcome);
    }
    return endings.map(({ transferId }) => {
      const outcome = outcomes.get(transferId);
      if (!outcome) throw new Error(`No outcome recorded for transfer ${transferId}`);
      return { transferId, outcome };
    });
  }
}
