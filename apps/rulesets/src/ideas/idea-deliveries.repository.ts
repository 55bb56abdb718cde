import { Injectable } from '@nestjs/common';
import type { Executor } from '@pc/platform';

/** Ideas an approval asked the catalog to deliver, not yet answered: one per ruleset (its latest approval's). */
export interface DueDelivery {
  ruleset_id: string;
  ruleset_name: string;
  /** The administrator who approved: the catalog is asked on their behalf. */
  approved_by: string;
}

/** The deliveries due (rulesets schema, `idea_deliveries_due`). Executor first. */
@Injectable()
export class IdeaDeliveriesRepository {
  /** Due for the ruleset (again: a later approval takes the row over). */
  async due(db: Executor, delivery: DueDelivery): Promise<void> {
    await db.query(
      `INSERT INTO rulesets.idea_deliveries_due (ruleset_id, ruleset_name, approved_by) VALUES ($1, $2, $3)
       ON CONFLICT (ruleset_id) DO UPDATE
         SET ruleset_name = EXCLUDED.ruleset_name, approved_by = EXCLUDED.approved_by, approved_at = now()`,
      [delivery.ruleset_id, delivery.ruleset_name, delivery.approved_by],
    );
  }

  /**
   * The ruleset's due delivery, locked until the transaction ends; null when none is due. `skipLocked`:
   * null too when another transaction is delivering it now (else this waits for it to finish).
   */
  async lock(db: Executor, rulesetId: string, skipLocked: boolean): Promise<DueDelivery | null> {
    const rows = await db.query<DueDelivery[]>(
      `SELECT ruleset_id, ruleset_name, approved_by FROM rulesets.idea_deliveries_due
        WHERE ruleset_id = $1 FOR UPDATE${skipLocked ? ' SKIP LOCKED' : ''}`,
      [rulesetId],
    );
    return rows[0] ?? null;
  }

  async done(db: Executor, rulesetId: string): Promise<void> {
    await db.query(`DELETE FROM rulesets.idea_deliveries_due WHERE ruleset_id = $1`, [rulesetId]);
  }

  /** Rulesets whose delivery has been due since before `before`, oldest first. */
  async dueBefore(db: Executor, before: Date, limit: number): Promise<string[]> {
    const rows = await db.query<Array<{ ruleset_id: string }>>(
      `SELECT ruleset_id FROM rulesets.idea_deliveries_due WHERE approved_at < $1
        ORDER BY approved_at LIMIT $2`,
      [before, limit],
    );
    return rows.map((row) => row.ruleset_id);
  }
}
