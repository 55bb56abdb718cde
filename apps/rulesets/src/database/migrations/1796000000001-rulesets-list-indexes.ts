import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Plans checked at 50,000 rulesets (rulesets.plans.integration-spec): a signed-in caller's list ("published
 * or mine") cannot use the published-only indexes and sorted the whole table; indexes over every row, in
 * each sort's order, serve both callers (the few drafts are filtered while reading in order).
 */
export class RulesetsListIndexes1796000000001 implements MigrationInterface {
  name = 'RulesetsListIndexes1796000000001';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX rulesets_alpha_idx ON rulesets.rulesets (lower(name), id)`);
    await db.query(`CREATE INDEX rulesets_submitted_idx ON rulesets.rulesets (created_at, id)`);
    await db.query(`CREATE INDEX rulesets_likes_idx ON rulesets.rulesets (like_count, id)`);
    await db.query(`CREATE INDEX rulesets_views_idx ON rulesets.rulesets (view_count, id)`);
    await db.query(`DROP INDEX rulesets.rulesets_public_alpha_idx`);
    await db.query(`DROP INDEX rulesets.rulesets_public_submitted_idx`);
    await db.query(`DROP INDEX rulesets.rulesets_public_likes_idx`);
    await db.query(`DROP INDEX rulesets.rulesets_public_views_idx`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX rulesets_public_alpha_idx ON rulesets.rulesets (lower(name), id) WHERE published_at IS NOT NULL`,
    );
    await db.query(
      `CREATE INDEX rulesets_public_submitted_idx ON rulesets.rulesets (created_at, id) WHERE published_at IS NOT NULL`,
    );
    await db.query(
      `CREATE INDEX rulesets_public_likes_idx ON rulesets.rulesets (like_count, id) WHERE published_at IS NOT NULL`,
    );
    await db.query(
      `CREATE INDEX rulesets_public_views_idx ON rulesets.rulesets (view_count, id) WHERE published_at IS NOT NULL`,
    );
    await db.query(`DROP INDEX rulesets.rulesets_views_idx`);
    await db.query(`DROP INDEX rulesets.rulesets_likes_idx`);
    await db.query(`DROP INDEX rulesets.rulesets_submitted_idx`);
    await db.query(`DROP INDEX rulesets.rulesets_alpha_idx`);
  }
}
