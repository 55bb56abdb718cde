import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The reviewed commit and content digest pinned on each published policy (what a release builds). Existing
 * published policies get the commit recorded at their approval (the approved submission's validation);
 * those with none stay unpinned: their next release is refused until an administrator pins them.
 */
export class CatalogReviewPins1795810000000 implements MigrationInterface {
  name = 'CatalogReviewPins1795810000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE catalog.policies
        ADD COLUMN pinned_commit text,
        ADD COLUMN pinned_content_digest text,
        ADD COLUMN implementation_pinned_commit text,
        ADD COLUMN implementation_pinned_content_digest text,
        ADD COLUMN pinned_at timestamptz,
        ADD COLUMN pinned_by uuid,
        ADD COLUMN pinned_how text CHECK (pinned_how IN ('review', 'migration', 'admin'))`);
    await db.query(`
      UPDATE catalog.policies p SET
        pinned_commit = s.validation->>'commit',
        pinned_content_digest = s.validation->>'contentDigest',
        implementation_pinned_commit = s.validation->>'implementationCommit',
        implementation_pinned_content_digest = s.validation->>'implementationContentDigest',
        pinned_at = COALESCE(s.reviewed_at, s.updated_at),
        pinned_by = s.reviewed_by,
        pinned_how = 'migration'
      FROM (
        SELECT DISTINCT ON (policy_id) policy_id, validation, reviewed_at, reviewed_by, updated_at
        FROM catalog.policy_submissions
        WHERE status = 'approved' AND validation->>'commit' IS NOT NULL
        ORDER BY policy_id, reviewed_at DESC NULLS LAST
      ) s
      WHERE s.policy_id = p.id AND p.status = 'published'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE catalog.policies
        DROP COLUMN IF EXISTS pinned_commit,
        DROP COLUMN IF EXISTS pinned_content_digest,
        DROP COLUMN IF EXISTS implementation_pinned_commit,
        DROP COLUMN IF EXISTS implementation_pinned_content_digest,
        DROP COLUMN IF EXISTS pinned_at,
        DROP COLUMN IF EXISTS pinned_by,
        DROP COLUMN IF EXISTS pinned_how`);
  }
}
