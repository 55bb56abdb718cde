import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Follows: a user's explicit subscription to a policy's or a ruleset's new versions (`version.published`
 * webhooks). The fan-out of a new version reads its followers by item (the second index).
 */
export class IdentityFollows1796520000000 implements MigrationInterface {
  name = 'IdentityFollows1796520000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE identity.follows (
        user_id uuid NOT NULL REFERENCES identity.users(id) ON DELETE CASCADE,
        asset_type text NOT NULL CHECK (asset_type IN ('policy', 'ruleset')),
        resource_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, asset_type, resource_id)
      )`);
    await db.query(
      `CREATE INDEX follows_resource_idx ON identity.follows (asset_type, resource_id, user_id)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE identity.follows`);
  }
}
