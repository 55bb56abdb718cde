import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The order of the search across kinds (`GET /api/search`: the lower-cased name, then the id, both
 * compared as bytes): a page walks this index and stops at its last row instead of sorting every match.
 */
export class CatalogSearchOrder1796700000000 implements MigrationInterface {
  name = 'CatalogSearchOrder1796700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX policies_search_order_idx ON catalog.policies ((lower(name) COLLATE "C"), (id::text COLLATE "C"))`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX catalog.policies_search_order_idx`);
  }
}
