import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The inbox pages newest first on (created_at, id): its index orders by both. */
export class IdentityNotificationsPaging1797100000000 implements MigrationInterface {
  name = 'IdentityNotificationsPaging1797100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX notifications_user_page_idx ON identity.notifications (user_id, created_at DESC, id DESC)`,
    );
    await db.query(`DROP INDEX identity.notifications_user_idx`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX notifications_user_idx ON identity.notifications (user_id, created_at DESC)`,
    );
    await db.query(`DROP INDEX identity.notifications_user_page_idx`);
  }
}
