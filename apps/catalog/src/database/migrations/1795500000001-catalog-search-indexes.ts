import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Plans checked at 100,000 policies (policies.search.integration-spec): a signed-in caller's list sorted
 * by submission date sorted the whole table (the published-only index cannot serve "published or mine"),
 * and a category list needed an extra sort by id; both now read an index in order.
 */
export class CatalogSearchIndexes1795500000001 implements MigrationInterface {
  name = 'CatalogSearchIndexes1795500000001';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX policies_submitted_idx ON catalog.policies (created_at, id)`);
    await db.query(
      `CREATE INDEX policies_category_alpha_idx ON catalog.policies (lower(category), lower(name), id)`,
    );
    await db.query(`DROP INDEX catalog.policies_category_idx`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX policies_category_idx ON catalog.policies (lower(category), lower(name))`);
    await db.query(`DROP INDEX catalog.policies_category_alpha_idx`);
    await db.query(`DROP INDEX catalog.policies_submitted_idx`);
  }
}
