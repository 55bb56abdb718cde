import type { MigrationInterface, QueryRunner } from 'typeorm';

export class IdentityNotifications1795400000000 implements MigrationInterface {
  name = 'IdentityNotifications1795400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE identity.notifications (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES identity.users(id) ON DELETE CASCADE,
        event_id uuid NOT NULL,
        kind text NOT NULL,
        title text NOT NULL,
        body text NOT NULL,
        data jsonb NOT NULL DEFAULT '{}',
        read_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE UNIQUE INDEX notifications_event_key ON identity.notifications (event_id)`);
    await db.query(
      `CREATE INDEX notifications_user_idx ON identity.notifications (user_id, created_at DESC)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE identity.notifications`);
  }
}
