import { dropItemChangeTriggersSql, itemChangeTriggersSql } from '@pc/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The content tables with a policy's id: their changes name the policies they wrote. */
const ITEM_TABLES: Array<[table: string, itemColumn: string]> = [
  ['policies', 'id'],
  ['policy_submissions', 'policy_id'],
  ['policy_doc_tabs', 'policy_id'],
  ['policy_likes', 'policy_id'],
  ['comments', 'policy_id'],
  ['policy_history', 'policy_id'],
  ['policy_revisions', 'policy_id'],
  ['policy_reviewers', 'policy_id'],
];

/**
 * A change to one policy's rows names that policy (`<txid>:<id>`), so that gateways drop the cached
 * reads of that policy and the lists, and keep every other policy's; transfers and ideas still announce
 * a change of any content.
 */
export class CatalogItemChanges1796700000100 implements MigrationInterface {
  name = 'CatalogItemChanges1796700000100';

  async up(db: QueryRunner): Promise<void> {
    for (const [table, column] of ITEM_TABLES) {
      await db.query(`DROP TRIGGER ${table}_content_changed ON catalog.${table}`);
      for (const sql of itemChangeTriggersSql('catalog', table, column)) await db.query(sql);
    }
  }

  async down(db: QueryRunner): Promise<void> {
    for (const [table, column] of ITEM_TABLES) {
      for (const sql of dropItemChangeTriggersSql('catalog', table, column)) await db.query(sql);
      await db.query(
        `CREATE TRIGGER ${table}_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON catalog.${table}
         FOR EACH STATEMENT EXECUTE FUNCTION catalog.notify_content_changed()`,
      );
    }
    await db.query(`DROP FUNCTION IF EXISTS catalog.notify_items_changed()`);
  }
}
