import { contentChangeTriggersSql, contentChannel, dropContentChangeTriggersSql } from '@pc/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tables whose rows public reads show: a committed write notifies `rulesets_content_changed`, which the
 * service relays to every gateway replica to drop its cached reads (issue 24). `rulesets` itself has
 * its own triggers: every read by id counts a view (`view_count`), and a view alone is not a change
 * worth emptying every replica's cache for (the count shown is at most a TTL old).
 */
const TABLES = [
  'ruleset_submissions',
  'ruleset_doc_tabs',
  'ruleset_likes',
  'submission_history',
  'ownership_moves',
];

export class RulesetsContentChanges1796000000100 implements MigrationInterface {
  name = 'RulesetsContentChanges1796000000100';

  async up(db: QueryRunner): Promise<void> {
    for (const sql of contentChangeTriggersSql('rulesets', TABLES)) await db.query(sql);
    await db.query(`
      CREATE FUNCTION rulesets.notify_ruleset_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('${contentChannel('rulesets')}', txid_current()::text);
        RETURN NULL;
      END $$`);
    await db.query(`
      CREATE TRIGGER rulesets_content_changed AFTER INSERT OR DELETE OR TRUNCATE ON rulesets.rulesets
      FOR EACH STATEMENT EXECUTE FUNCTION rulesets.notify_content_changed()`);
    await db.query(`
      CREATE TRIGGER rulesets_row_changed AFTER UPDATE ON rulesets.rulesets FOR EACH ROW
      WHEN ((to_jsonb(OLD) - 'view_count') IS DISTINCT FROM (to_jsonb(NEW) - 'view_count'))
      EXECUTE FUNCTION rulesets.notify_ruleset_changed()`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER IF EXISTS rulesets_row_changed ON rulesets.rulesets`);
    await db.query(`DROP TRIGGER IF EXISTS rulesets_content_changed ON rulesets.rulesets`);
    await db.query(`DROP FUNCTION IF EXISTS rulesets.notify_ruleset_changed()`);
    for (const sql of dropContentChangeTriggersSql('rulesets', TABLES)) await db.query(sql);
  }
}
