import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The language of a ruleset's file (issue 41): `amf` (a validation profile) or `spectral` (a Spectral
 * ruleset). Validation finds it and keeps it with the rest of what it found (`engine_check.format`, copied
 * from the submission to the ruleset with its content); this column derives it there, so that the
 * evaluator and lists read one typed column and a ruleset validated before Spectral rulesets reads `amf`.
 */
export class RulesetsFormat1796430000000 implements MigrationInterface {
  name = 'RulesetsFormat1796430000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE rulesets.rulesets ADD COLUMN ruleset_format text
         GENERATED ALWAYS AS (coalesce(engine_check->>'format', 'amf')) STORED
         CONSTRAINT rulesets_ruleset_format_check CHECK (ruleset_format IN ('amf', 'spectral'))`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE rulesets.rulesets DROP COLUMN IF EXISTS ruleset_format`);
  }
}
