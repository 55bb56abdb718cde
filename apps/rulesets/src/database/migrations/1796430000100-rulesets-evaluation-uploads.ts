import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Specifications too large for one bus message (issue 41: up to 5 MiB), sent ahead of their evaluation in
 * parts by the gateway (docs/messaging.md): any replica stores a part, the one that evaluates reads them
 * all and deletes them. Parts older than ten minutes are dropped as new ones arrive.
 */
export class RulesetsEvaluationUploads1796430000100 implements MigrationInterface {
  name = 'RulesetsEvaluationUploads1796430000100';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE rulesets.evaluation_uploads (
      id uuid NOT NULL,
      part integer NOT NULL CHECK (part >= 0),
      owner_id uuid NOT NULL,
      text text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (id, part)
    )`);
    await db.query(`CREATE INDEX evaluation_uploads_created_at ON rulesets.evaluation_uploads (created_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS rulesets.evaluation_uploads`);
  }
}
