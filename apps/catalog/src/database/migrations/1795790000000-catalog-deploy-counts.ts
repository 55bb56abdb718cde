import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Deploy counts from the deployments service's events, each event counted once. */
export class CatalogDeployCounts1795790000000 implements MigrationInterface {
  name = 'CatalogDeployCounts1795790000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE catalog.policies ADD COLUMN deploy_count integer NOT NULL DEFAULT 0`);
    await db.query(`
      CREATE TABLE catalog.counted_deploy_events (
        event_id uuid PRIMARY KEY,
        policy_id uuid NOT NULL,
        counted_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS catalog.counted_deploy_events`);
    await db.query(`ALTER TABLE catalog.policies DROP COLUMN IF EXISTS deploy_count`);
  }
}
