import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A deployment whose applied item a sync found gone from the platform is `removed`. */
export class DeploymentRemovedStatus1795800000001 implements MigrationInterface {
  name = 'DeploymentRemovedStatus1795800000001';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE deployments.deployments DROP CONSTRAINT deployments_status_known`);
    await db.query(
      `ALTER TABLE deployments.deployments ADD CONSTRAINT deployments_status_known
         CHECK (status IN ('queued', 'running', 'succeeded', 'failed', 'cancelled', 'removed'))`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`UPDATE deployments.deployments SET status = 'succeeded' WHERE status = 'removed'`);
    await db.query(`ALTER TABLE deployments.deployments DROP CONSTRAINT deployments_status_known`);
    await db.query(
      `ALTER TABLE deployments.deployments ADD CONSTRAINT deployments_status_known
         CHECK (status IN ('queued', 'running', 'succeeded', 'failed', 'cancelled'))`,
    );
  }
}
