import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A user's likes by user: the gateway asks for them to add each signed-in caller's part to shared reads. */
export class CatalogLikesByUser1796600000000 implements MigrationInterface {
  name = 'CatalogLikesByUser1796600000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX policy_likes_user_idx ON catalog.policy_likes (user_id, policy_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX catalog.policy_likes_user_idx`);
  }
}
