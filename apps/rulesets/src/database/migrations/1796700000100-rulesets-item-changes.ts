import { contentChannel, dropItemChangeTriggersSql, itemChangeTriggersSql } from '@pc/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The content tables with a ruleset's id: their changes name the rulesets they wrote. */
const ITEM_TABLES: Array<[table: string, itemColumn: string]> = [
  ['ruleset_submissions', 'ruleset_id'],
  ['ruleset_doc_tabs', 'ruleset_id'],
  ['ruleset_likes', 'ruleset_id'],
  ['ownership_moves', 'ruleset_id'],
];

/**
 * A change to one ruleset's rows names that ruleset (`<txid>:<id>`), so that gateways drop the cached
 * reads of that ruleset and the lists, and keep every other ruleset's. `rulesets` itself: inserts and
 * deletes by statement, updates by row (a view alone is still no change); submission history still
 * announces a change of any content.
 */
export class RulesetsItemChanges1796700000100 implements MigrationInterface {
  name = 'RulesetsItemChanges1796700000100';

  async up(db: QueryRunner): Promise<void> {
    for (const [table, column] of ITEM_TABLES) {
      await db.query(`DROP TRIGGER ${table}_content_changed ON rulesets.${table}`);
      for (const sql of itemChangeTriggersSql('rulesets', table, column)) await db.query(sql);
    }
    await db.query(`DROP TRIGGER rulesets_content_changed ON rulesets.rulesets`);
    for (const sql of itemChangeTriggersSql('rulesets', 'rulesets', 'id', ['inserted', 'deleted'])) {
      await db.query(sql);
    }
    await db.query(`
      CREATE OR REPLACE FUNCTION rulesets.notify_ruleset_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('${contentChannel('rulesets')}', txid_current()::text || ':' || NEW.id::text);
        RETURN NULL;
      END $$`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE OR REPLACE FUNCTION rulesets.notify_ruleset_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('${contentChannel('rulesets')}', txid_current()::text);
        RETURN NULL;
      END $$`);
    for (const sql of dropItemChangeTriggersSql('rulesets', 'rulesets', 'id')) await db.query(sql);
    await db.query(`
      CREATE TRIGGER rulesets_content_changed AFTER INSERT OR DELETE OR TRUNCATE ON rulesets.rulesets
      FOR EACH STATEMENT EXECUTE FUNCTION rulesets.notify_content_changed()`);
    for (const [table, column] of ITEM_TABLES) {
      for (const sql of dropItemChangeTriggersSql('rulesets', table, column)) await db.query(sql);
      await db.query(
        `CREATE TRIGGER ${table}_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON rulesets.${table}
         FOR EACH STATEMENT EXECUTE FUNCTION rulesets.notify_content_changed()`,
      );
    }
    await db.query(`DROP FUNCTION IF EXISTS rulesets.notify_items_changed()`);
  }
}
