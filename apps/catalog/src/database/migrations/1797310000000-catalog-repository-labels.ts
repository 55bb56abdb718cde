import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a policy's repository says of it, beside what the policy shows: the category its definition is
 * labelled with and the asset kinds inferred from it. The policy's category and asset kinds follow its
 * repository (another repository or commit read after a revision, a pin or a submission's edit) while
 * they are the ones the repository said; one a user chose otherwise stays. Existing policies take what
 * their submission's validation read (where it says nothing, what they show: they follow).
 */
export class CatalogRepositoryLabels1797310000000 implements MigrationInterface {
  name = 'CatalogRepositoryLabels1797310000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE catalog.policies
        ADD COLUMN repository_category text,
        ADD COLUMN repository_asset_kinds text[] NOT NULL DEFAULT '{}'`);
    await db.query(`
      UPDATE catalog.policies p SET
        repository_category = CASE
          WHEN jsonb_typeof(s.validation->'definition') = 'object'
            THEN NULLIF(btrim(s.validation->'definition'->>'category'), '')
          ELSE p.category END,
        repository_asset_kinds = CASE
          WHEN jsonb_typeof(s.validation->'assetKinds') = 'array'
            THEN ARRAY(SELECT jsonb_array_elements_text(s.validation->'assetKinds'))
          ELSE p.asset_kinds END
      FROM catalog.policy_submissions s
      WHERE s.policy_id = p.id`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE catalog.policies
        DROP COLUMN IF EXISTS repository_category,
        DROP COLUMN IF EXISTS repository_asset_kinds`);
  }
}
