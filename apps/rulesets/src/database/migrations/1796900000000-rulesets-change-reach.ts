import { contentChannel, reachTriggersSql, type TableReach, withoutReachTriggersSql } from '@pc/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** How far each content table's changes show (`ChangeReach`): what a gateway's lists may keep. */
const REACHES: Array<{ table: string; itemColumn: string; reach: TableReach }> = [
  { table: 'ruleset_doc_tabs', itemColumn: 'ruleset_id', reach: 'rows' },
  { table: 'ruleset_submissions', itemColumn: 'ruleset_id', reach: 'item' },
  { table: 'ruleset_likes', itemColumn: 'ruleset_id', reach: 'item' },
  { table: 'ownership_moves', itemColumn: 'ruleset_id', reach: 'item' },
];

/** Columns of a ruleset whose change alone shows only in its rows (counts no list filters by). */
const ROWS_COLUMNS = `ARRAY['like_count', 'view_count', 'deploy_count']`;

/**
 * A change names how far it shows besides its rulesets' own reads (see the catalog's migration of the
 * same name); a ruleset's own row (updated row by row) says `rows` when only its counts changed. And an
 * index of the unpublished rulesets by owner, for a caller's state (`ownsUnpublished`).
 */
export class RulesetsChangeReach1796900000000 implements MigrationInterface {
  name = 'RulesetsChangeReach1796900000000';

  async up(db: QueryRunner): Promise<void> {
    for (const sql of reachTriggersSql('rulesets', REACHES)) await db.query(sql);
    await db.query(`
      CREATE OR REPLACE FUNCTION rulesets.notify_ruleset_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('${contentChannel('rulesets')}', txid_current()::text || ':' || NEW.id::text ||
          CASE WHEN (to_jsonb(OLD) - ${ROWS_COLUMNS}) IS DISTINCT FROM (to_jsonb(NEW) - ${ROWS_COLUMNS})
            THEN '' ELSE ':rows' END);
        RETURN NULL;
      END $$`);
    await db.query(
      `CREATE INDEX rulesets_unpublished_owner_idx ON rulesets.rulesets (owner_id) WHERE NOT (published_at IS NOT NULL)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX IF EXISTS rulesets.rulesets_unpublished_owner_idx`);
    await db.query(`
      CREATE OR REPLACE FUNCTION rulesets.notify_ruleset_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('${contentChannel('rulesets')}', txid_current()::text || ':' || NEW.id::text);
        RETURN NULL;
      END $$`);
    for (const sql of withoutReachTriggersSql('rulesets', REACHES)) await db.query(sql);
  }
}
