import { contentChangeTriggersSql, dropContentChangeTriggersSql } from '@pc/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tables whose rows public reads show (policies, their documentation, history, likes, transfers of
 * ownership, the ideas they deliver): a committed write to one notifies `catalog_content_changed`, which
 * the catalog relays to every gateway replica to drop its cached reads (issue 24). Not the outbox, quotas,
 * idea votes or the record of counted deploy events (the count itself is on `policies`).
 */
export const CATALOG_CONTENT_TABLES = [
  'policies',
  'policy_submissions',
  'policy_doc_tabs',
  'policy_likes',
  'comments',
  'policy_history',
  'policy_revisions',
  'transfers',
  'ideas',
  'idea_deliveries',
  'policy_reviewers',
];

export class CatalogContentChanges1795800000000 implements MigrationInterface {
  name = 'CatalogContentChanges1795800000000';

  async up(db: QueryRunner): Promise<void> {
    for (const sql of contentChangeTriggersSql('catalog', CATALOG_CONTENT_TABLES)) await db.query(sql);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const sql of dropContentChangeTriggersSql('catalog', CATALOG_CONTENT_TABLES)) await db.query(sql);
  }
}
