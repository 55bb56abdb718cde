import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each reviewed version of a ruleset that governance profiles may pin: its commit (the content, read from
 * the repository at that commit, never changes), the profile file's path and format there, and its rule
 * names (the rules an evaluation at that version applies), so that a pinned version still evaluates once
 * the ruleset publishes again. Versions are kept from now on as they are published; the current pins are
 * kept from the start.
 */
export class RulesetsGovernanceVersions1796810000000 implements MigrationInterface {
  name = 'RulesetsGovernanceVersions1796810000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE rulesets.ruleset_versions (
        ruleset_id uuid NOT NULL REFERENCES rulesets.rulesets (id) ON DELETE CASCADE,
        commit text NOT NULL,
        ruleset_path text,
        ruleset_format text NOT NULL,
        rule_names text[] NOT NULL DEFAULT '{}',
        kept_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (ruleset_id, commit)
      )`);
    await db.query(`
      INSERT INTO rulesets.ruleset_versions (ruleset_id, commit, ruleset_path, ruleset_format, rule_names)
      SELECT r.id, r.pinned_commit, r.ruleset_path, r.ruleset_format, r.rule_names
        FROM rulesets.rulesets r
       WHERE r.published_at IS NOT NULL AND r.pinned_commit IS NOT NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS rulesets.ruleset_versions`);
  }
}
