import { reachTriggersSql, type TableReach, withoutReachTriggersSql } from '@pc/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** How far each content table's changes show (`ChangeReach`): what a gateway's lists may keep. */
const REACHES: Array<{ table: string; itemColumn: string; reach: TableReach }> = [
  {
    table: 'policies',
    itemColumn: 'id',
    // Counts and values a row shows but no list filters or orders by (the lists sorted by a count are
    // told apart by the gateway).
    reach: {
      rowsColumns: [
        'like_count',
        'download_count',
        'deploy_count',
        'source_host_has_issues',
        'issues_checked_at',
      ],
    },
  },
  { table: 'policy_doc_tabs', itemColumn: 'policy_id', reach: 'rows' },
  { table: 'policy_submissions', itemColumn: 'policy_id', reach: 'item' },
  { table: 'policy_likes', itemColumn: 'policy_id', reach: 'item' },
  { table: 'comments', itemColumn: 'policy_id', reach: 'item' },
  { table: 'policy_history', itemColumn: 'policy_id', reach: 'item' },
  { table: 'policy_revisions', itemColumn: 'policy_id', reach: 'item' },
  { table: 'policy_reviewers', itemColumn: 'policy_id', reach: 'item' },
];

/**
 * A change names how far it shows besides its policies' own reads (a like's row and a comment nowhere,
 * a count in the rows that hold the policy, a name in every list), so that gateways keep the lists it
 * does not show in; and an index of the unpublished policies by owner, which a caller's state asks of
 * every user with policies (`ownsUnpublished`).
 */
export class CatalogChangeReach1796900000000 implements MigrationInterface {
  name = 'CatalogChangeReach1796900000000';

  async up(db: QueryRunner): Promise<void> {
    for (const sql of reachTriggersSql('catalog', REACHES)) await db.query(sql);
    await db.query(
      `CREATE INDEX policies_unpublished_owner_idx ON catalog.policies (owner_id) WHERE NOT (status = 'published')`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX IF EXISTS catalog.policies_unpublished_owner_idx`);
    for (const sql of withoutReachTriggersSql('catalog', REACHES)) await db.query(sql);
  }
}
