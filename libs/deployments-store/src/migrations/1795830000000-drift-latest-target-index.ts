import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Drift's candidates are the latest deployment of each item and organization, whichever connection made
 * it (`DISTINCT ON (asset_slug, platform_org_id)` over the live statuses): this index hands them over in
 * that order, so the reconcile no longer sorts every deployment on each page of its sweep. The index it
 * replaces led with the connection, which the candidates are no longer grouped by.
 */
export class DriftLatestTargetIndex1795830000000 implements MigrationInterface {
  name = 'DriftLatestTargetIndex1795830000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX deployments_latest_target_idx ON deployments.deployments
         (asset_slug, platform_org_id, created_at DESC)
         WHERE status IN ('succeeded', 'removed', 'queued', 'running')`,
    );
    await db.query(`DROP INDEX deployments.deployments_target_idx`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX deployments_target_idx ON deployments.deployments
         (connection_id, asset_slug, platform_org_id, created_at DESC)`,
    );
    await db.query(`DROP INDEX deployments.deployments_latest_target_idx`);
  }
}
