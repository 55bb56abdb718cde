import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `ownership_moves` records, per transfer, what came first: the ruleset's move (`moved`) or the catalog
 * ending the transfer (`cancelled`, `rejected`, `expired`), so that a move asked after the end (the
 * reply to an accept the catalog stopped waiting for) is refused and an end asked after the move learns
 * of it. `moved_at` is when either was recorded. An ending is recorded without waiting for the ruleset's
 * row, which a move holds while it waits behind another write: the reference to the ruleset goes (its
 * key share lock waited for that row), so a transfer's record outlives a ruleset withdrawn since, which
 * no move can reach any more.
 */
export class RulesetsTransferOutcomes1797300000000 implements MigrationInterface {
  name = 'RulesetsTransferOutcomes1797300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE rulesets.ownership_moves DROP CONSTRAINT ownership_moves_ruleset_id_fkey`);
    await db.query(`
      ALTER TABLE rulesets.ownership_moves
        ADD COLUMN outcome text NOT NULL DEFAULT 'moved'
          CONSTRAINT ownership_moves_outcome_known
          CHECK (outcome IN ('moved', 'cancelled', 'rejected', 'expired'))`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM rulesets.ownership_moves WHERE outcome <> 'moved'`);
    await db.query(`ALTER TABLE rulesets.ownership_moves DROP COLUMN outcome`);
    await db.query(`
      DELETE FROM rulesets.ownership_moves m
       WHERE NOT EXISTS (SELECT 1 FROM rulesets.rulesets r WHERE r.id = m.ruleset_id)`);
    await db.query(`
      ALTER TABLE rulesets.ownership_moves ADD CONSTRAINT ownership_moves_ruleset_id_fkey
        FOREIGN KEY (ruleset_id) REFERENCES rulesets.rulesets(id) ON DELETE CASCADE`);
  }
}
