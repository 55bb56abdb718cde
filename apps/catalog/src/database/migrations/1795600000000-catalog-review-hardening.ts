import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A published split policy's implementation repository changes through a revision, like its definition
 * repository; and a transfer remembers whether the initiator named the recipient by username or by email,
 * so the recipient's email is shown to the initiator only when the initiator already knew it.
 */
export class CatalogReviewHardening1795600000000 implements MigrationInterface {
  name = 'CatalogReviewHardening1795600000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE catalog.policy_revisions DROP CONSTRAINT policy_revisions_field_known`);
    await db.query(
      `ALTER TABLE catalog.policy_revisions ADD CONSTRAINT policy_revisions_field_known
         CHECK (field IN ('description', 'source_host_url', 'implementation_source_host_url'))`,
    );
    await db.query(
      `ALTER TABLE catalog.transfers ADD COLUMN recipient_key text NOT NULL DEFAULT 'username'
         CONSTRAINT transfers_recipient_key_known CHECK (recipient_key IN ('username', 'email'))`,
    );
  }

  /** Revisions of the implementation repository cannot be represented before this migration: they go. */
  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE catalog.transfers DROP COLUMN recipient_key`);
    await db.query(`ALTER TABLE catalog.policy_revisions DROP CONSTRAINT policy_revisions_field_known`);
    await db.query(
      `DELETE FROM catalog.policy_revisions WHERE field NOT IN ('description', 'source_host_url')`,
    );
    await db.query(
      `ALTER TABLE catalog.policy_revisions ADD CONSTRAINT policy_revisions_field_known
         CHECK (field IN ('description', 'source_host_url'))`,
    );
  }
}
