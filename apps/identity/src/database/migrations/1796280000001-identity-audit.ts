import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The audit log: append-only (a trigger refuses every UPDATE); only the retention sweep deletes. */
export class IdentityAudit1796280000001 implements MigrationInterface {
  name = 'IdentityAudit1796280000001';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE identity.audit_log (
        id uuid PRIMARY KEY,
        at timestamptz NOT NULL,
        actor_user_id uuid,
        actor_via text NOT NULL,
        actor_token_id uuid,
        address text NOT NULL,
        user_agent text NOT NULL,
        request_id text NOT NULL,
        action text NOT NULL,
        target_type text NOT NULL,
        target_id text,
        summary jsonb NOT NULL DEFAULT '{}',
        recorded_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX audit_log_at_idx ON identity.audit_log (at DESC, id DESC)`);
    await db.query(
      `CREATE INDEX audit_log_actor_idx ON identity.audit_log (actor_user_id, at DESC, id DESC)`,
    );
    await db.query(`
      CREATE FUNCTION identity.audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'identity.audit_log is append-only';
      END $$`);
    await db.query(`
      CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON identity.audit_log
        FOR EACH STATEMENT EXECUTE FUNCTION identity.audit_log_append_only()`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE identity.audit_log`);
    await db.query(`DROP FUNCTION identity.audit_log_append_only()`);
  }
}
