import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The ideas an approval asked the catalog to deliver, until it has: one row per ruleset, written in the
 * approval's transaction, deleted once the catalog answered the delivery (see `IdeaDeliveries`).
 */
export class RulesetsIdeaDeliveriesDue1797000000000 implements MigrationInterface {
  name = 'RulesetsIdeaDeliveriesDue1797000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE rulesets.idea_deliveries_due (
        ruleset_id uuid PRIMARY KEY REFERENCES rulesets.rulesets (id) ON DELETE CASCADE,
        ruleset_name text NOT NULL,
        approved_by uuid NOT NULL,
        approved_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS rulesets.idea_deliveries_due`);
  }
}
