import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search that stays fast on common words and prefixes (issue 11): the full-text vector weighs the name
 * (A) over the tags, category and asset kinds (B), over the description (C), and a query matches words
 * by prefix (`auth` finds "authentication"). Parts of words are matched by trigram on names only
 * (`auth` finds "OAuth"): the trigram index over whole descriptions goes, and with it the `OR` over
 * descriptions that made a common word scan the table.
 */
export class CatalogWeightedSearch1795750000000 implements MigrationInterface {
  name = 'CatalogWeightedSearch1795750000000';

  async up(db: QueryRunner): Promise<void> {
    // array_to_string is only STABLE (any array type); over text[] it is immutable, as a generated column needs.
    await db.query(`
      CREATE FUNCTION catalog.policy_tags_text(category text, asset_kinds text[]) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
        AS $$ SELECT coalesce(category, '') || ' ' || array_to_string(asset_kinds, ' ') $$`);
    await db.query(`DROP INDEX catalog.policies_search_idx`);
    await db.query(`ALTER TABLE catalog.policies DROP COLUMN search`);
    await db.query(`
      ALTER TABLE catalog.policies ADD COLUMN search tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', name), 'A') ||
        setweight(to_tsvector('english', catalog.policy_tags_text(category, asset_kinds)), 'B') ||
        setweight(to_tsvector('english', description), 'C')
      ) STORED`);
    await db.query(`CREATE INDEX policies_search_idx ON catalog.policies USING gin (search)`);
    await db.query(`DROP INDEX catalog.policies_description_trgm_idx`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX policies_description_trgm_idx ON catalog.policies USING gin (lower(description) gin_trgm_ops)`,
    );
    await db.query(`DROP INDEX catalog.policies_search_idx`);
    await db.query(`ALTER TABLE catalog.policies DROP COLUMN search`);
    await db.query(`
      ALTER TABLE catalog.policies ADD COLUMN search tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', coalesce(name, '')), 'A') ||
        setweight(to_tsvector('english', coalesce(description, '')), 'B')
      ) STORED`);
    await db.query(`CREATE INDEX policies_search_idx ON catalog.policies USING gin (search)`);
    await db.query(`DROP FUNCTION catalog.policy_tags_text(text, text[])`);
  }
}
