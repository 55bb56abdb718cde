import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Fair scheduling: a job waits in this table until the deployments service releases it to the work
 * queue (`released_at`), a few at a time and round robin across authors. Jobs in flight when this runs
 * are already on the queue: they count as released.
 */
export class JobRelease1795800000100 implements MigrationInterface {
  name = 'JobRelease1795800000100';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE deployments.jobs ADD COLUMN released_at timestamptz`);
    await db.query(
      `UPDATE deployments.jobs SET released_at = created_at WHERE status IN ('queued', 'running')`,
    );
    await db.query(
      `CREATE INDEX jobs_waiting_idx ON deployments.jobs (created_at, id)
         WHERE status = 'queued' AND released_at IS NULL`,
    );
    await db.query(
      `CREATE INDEX jobs_released_idx ON deployments.jobs (deployment_id)
         WHERE status IN ('queued', 'running') AND released_at IS NOT NULL`,
    );
    // The admission limits count an author's jobs in flight and deployments of the last hour.
    await db.query(
      `CREATE INDEX deployments_author_in_flight_idx ON deployments.deployments (created_by)
         WHERE status IN ('queued', 'running')`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX deployments.deployments_author_in_flight_idx`);
    await db.query(`DROP INDEX deployments.jobs_released_idx`);
    await db.query(`DROP INDEX deployments.jobs_waiting_idx`);
    await db.query(`ALTER TABLE deployments.jobs DROP COLUMN released_at`);
  }
}
