import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The warnings validation found at a submission's commit, kept with it for the review (the first ones,
 * each cut, within `RULESET_LIMITS.warningsKept`) and the count of those left out; a later validation of
 * the submission's repository replaces both. Submissions made before have none kept (null): their
 * warnings are read again on asking.
 */
export class RulesetsSubmissionWarnings1797800000000 implements MigrationInterface {
  name = 'RulesetsSubmissionWarnings1797800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE rulesets.ruleset_submissions
        ADD COLUMN validation_warnings text[],
        ADD COLUMN validation_warnings_omitted integer NOT NULL DEFAULT 0
          CHECK (validation_warnings_omitted >= 0)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE rulesets.ruleset_submissions
        DROP COLUMN validation_warnings, DROP COLUMN validation_warnings_omitted`);
  }
}
