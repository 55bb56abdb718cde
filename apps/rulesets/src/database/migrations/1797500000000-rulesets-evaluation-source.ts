import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `api_evaluations.from_source` says whether an evaluation read the API's source on the source host (not
 * a document sent or pushed): the ref check compares the ref's commit with the latest such evaluation's,
 * since a document CI pushed carries CI's own commit. Evaluations kept before: those of a document the
 * API still keeps (the same specification digest, `GovernedApisRepository.documentWithDigest`) read a
 * document; the rest are taken as read from the source, as the ref check took them until now.
 */
export class RulesetsEvaluationSource1797500000000 implements MigrationInterface {
  name = 'RulesetsEvaluationSource1797500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE rulesets.api_evaluations ADD COLUMN from_source boolean NOT NULL DEFAULT true`,
    );
    await db.query(`
      UPDATE rulesets.api_evaluations e SET from_source = false
        FROM (SELECT DISTINCT api_id, encode(sha256(
                convert_to(filename, 'UTF8') || '\\x00'::bytea || convert_to(content, 'UTF8') ||
                '\\x006d61696e00'::bytea || convert_to(filename, 'UTF8')), 'hex') AS digest
                FROM rulesets.api_documents) d
       WHERE d.api_id = e.api_id AND d.digest = e.digest`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE rulesets.api_evaluations DROP COLUMN from_source`);
  }
}
