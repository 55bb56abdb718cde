import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The ruleset columns a submission carries, as a SQL array (the backfill's comparison). */
const CONTENT = [
  'name',
  'description',
  'category',
  'source_url',
  'source_ref',
  'ruleset_path',
  'profile_name',
  'rule_counts',
  'rule_names',
  'target_scopes',
  'registry_asset_id',
  'icon_url',
  'tags',
  'video_tutorial_url',
  'examples_url',
  'engine_check',
];

/**
 * What a submission changes, and what its submitter chose:
 * - `pending_fields`: the ruleset's columns (and `doc_tabs`) an update of a published ruleset changes,
 *   which its approval applies, and nothing else (what the owner set on the ruleset meanwhile stays). An
 *   update already waiting takes the columns in which it differs from its ruleset, and its staged tabs.
 * - `chosen_fields`: the defaulted fields the submitter set (`target_scopes`, `icon_url`), which stay when
 *   the repository is validated again; the others follow validation. Existing submissions keep their
 *   scopes, and an icon that is not the repository's (a null one too: disabled or cleared).
 */
export class RulesetsSubmissionFields1797200000000 implements MigrationInterface {
  name = 'RulesetsSubmissionFields1797200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE rulesets.ruleset_submissions
        ADD COLUMN pending_fields text[] NOT NULL DEFAULT '{}',
        ADD COLUMN chosen_fields text[] NOT NULL DEFAULT '{}'`);
    const differing = CONTENT.map((c) => `CASE WHEN s.${c} IS DISTINCT FROM r.${c} THEN '${c}' END`).join(
      ', ',
    );
    await db.query(`
      UPDATE rulesets.ruleset_submissions s
         SET pending_fields = array_remove(ARRAY[${differing}, 'doc_tabs'], NULL)
        FROM rulesets.rulesets r
       WHERE r.id = s.ruleset_id AND r.published_at IS NOT NULL
         AND s.status IN ('submitted', 'needs_improvement')`);
    await db.query(`
      UPDATE rulesets.ruleset_submissions
         SET chosen_fields = CASE
           WHEN icon_url IS NULL OR position(
             regexp_replace(split_part(source_url, '/tree/', 1), '(\\.git)?/*$', '') || '/blob/' IN icon_url
           ) <> 1 THEN ARRAY['target_scopes', 'icon_url']
           ELSE ARRAY['target_scopes'] END`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE rulesets.ruleset_submissions DROP COLUMN pending_fields, DROP COLUMN chosen_fields`);
  }
}
