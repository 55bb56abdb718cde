import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The rulesets service's outbox: events written in the transaction that makes the change (a review
 * decision, a new version of a published ruleset), published after commit to the durable events.
 */
export class RulesetsOutbox1796410000000 implements MigrationInterface {
  name = 'RulesetsOutbox1796410000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE rulesets.outbox (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        pattern text NOT NULL,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz,
        attempts integer NOT NULL DEFAULT 0
      )`);
    await db.query(
      `CREATE INDEX outbox_unpublished_idx ON rulesets.outbox (created_at) WHERE published_at IS NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE rulesets.outbox`);
  }
}
