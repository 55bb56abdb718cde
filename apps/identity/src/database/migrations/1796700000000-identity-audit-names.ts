import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit log names what an action was done to (`target_name`, as the route answered it when it was
 * recorded; null on older entries and where the answer named nothing), and is read by target: one index
 * on the target for the target filter.
 */
export class IdentityAuditNames1796700000000 implements MigrationInterface {
  name = 'IdentityAuditNames1796700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE identity.audit_log ADD COLUMN target_name text`);
    await db.query(
      `CREATE INDEX audit_log_target_idx ON identity.audit_log (target_id, at DESC, id DESC)
        WHERE target_id IS NOT NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX identity.audit_log_target_idx`);
    await db.query(`ALTER TABLE identity.audit_log DROP COLUMN target_name`);
  }
}
