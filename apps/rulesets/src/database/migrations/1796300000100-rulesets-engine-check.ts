import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What submission validation found with the evaluation engine (issue 27), kept with the submission and
 * copied to the ruleset like the rest of its content: whether evaluation can run the profile and how its
 * examples fared (`RulesetEngineCheck`). Null for what was validated before.
 */
export class RulesetsEngineCheck1796300000100 implements MigrationInterface {
  name = 'RulesetsEngineCheck1796300000100';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE rulesets.rulesets ADD COLUMN engine_check jsonb`);
    await db.query(`ALTER TABLE rulesets.ruleset_submissions ADD COLUMN engine_check jsonb`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE rulesets.ruleset_submissions DROP COLUMN IF EXISTS engine_check`);
    await db.query(`ALTER TABLE rulesets.rulesets DROP COLUMN IF EXISTS engine_check`);
  }
}
