import type { MigrationInterface, QueryRunner } from 'typeorm';

/** `deploy_count` existed from the start; this records which deployment events were counted. */
export class RulesetsDeployCounts1796000000010 implements MigrationInterface {
  name = 'RulesetsDeployCounts1796000000010';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE rulesets.counted_deploy_events (
        event_id uuid PRIMARY KEY,
        ruleset_id uuid NOT NULL,
        counted_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS rulesets.counted_deploy_events`);
  }
}
