import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a ruleset review approved, so that a release builds exactly that: each submission records the
 * commit its validation read and the content digest there; each published ruleset carries the pin
 * (commit, digest, reviewer, time, how). Existing published rulesets whose commit is known (a source ref
 * that is a full commit SHA) are pinned to it; the others stay unpinned: their next release is refused
 * until an administrator pins them (`POST /api/rulesets/{id}/pin`).
 */
export class RulesetsReviewPins1796300000000 implements MigrationInterface {
  name = 'RulesetsReviewPins1796300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE rulesets.ruleset_submissions
        ADD COLUMN source_commit text,
        ADD COLUMN content_digest text`);
    await db.query(`
      ALTER TABLE rulesets.rulesets
        ADD COLUMN pinned_commit text,
        ADD COLUMN pinned_content_digest text,
        ADD COLUMN pinned_at timestamptz,
        ADD COLUMN pinned_by uuid,
        ADD COLUMN pinned_how text CHECK (pinned_how IN ('review', 'migration', 'admin'))`);
    await db.query(`
      UPDATE rulesets.rulesets r SET
        pinned_commit = lower(r.source_ref),
        pinned_at = COALESCE(r.reviewed_at, r.published_at),
        pinned_by = (SELECT s.reviewed_by FROM rulesets.ruleset_submissions s WHERE s.ruleset_id = r.id),
        pinned_how = 'migration'
      WHERE r.published_at IS NOT NULL AND r.source_ref ~* '^[0-9a-f]{40}([0-9a-f]{24})?$'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE rulesets.rulesets
        DROP COLUMN IF EXISTS pinned_commit,
        DROP COLUMN IF EXISTS pinned_content_digest,
        DROP COLUMN IF EXISTS pinned_at,
        DROP COLUMN IF EXISTS pinned_by,
        DROP COLUMN IF EXISTS pinned_how`);
    await db.query(`
      ALTER TABLE rulesets.ruleset_submissions
        DROP COLUMN IF EXISTS source_commit,
        DROP COLUMN IF EXISTS content_digest`);
  }
}
