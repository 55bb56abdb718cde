import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Designated reviewers of a policy, besides the administrators who review every policy. */
export class CatalogPolicyReviewers1795500000000 implements MigrationInterface {
  name = 'CatalogPolicyReviewers1795500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE catalog.policy_reviewers (
        policy_id uuid NOT NULL REFERENCES catalog.policies (id) ON DELETE CASCADE,
        user_id uuid NOT NULL,
        designated_by uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (policy_id, user_id)
      )`);
    await db.query(`CREATE INDEX policy_reviewers_user_idx ON catalog.policy_reviewers (user_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE catalog.policy_reviewers`);
  }
}
