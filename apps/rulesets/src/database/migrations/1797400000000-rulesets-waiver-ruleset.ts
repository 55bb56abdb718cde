import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A waiver may name the ruleset whose findings it covers (`ruleset_id`): two rulesets may have rules of
 * the same name, and a waiver of one must not cover the other's. Without one (every waiver made before)
 * it covers the rule's findings in every ruleset, as it did.
 */
export class RulesetsWaiverRuleset1797400000000 implements MigrationInterface {
  name = 'RulesetsWaiverRuleset1797400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE rulesets.waivers ADD COLUMN ruleset_id uuid`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE rulesets.waivers DROP COLUMN ruleset_id`);
  }
}
