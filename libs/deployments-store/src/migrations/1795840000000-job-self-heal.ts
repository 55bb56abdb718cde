import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A job says whether it is a self-heal (`self_heal`): a deploy job the drift check queued to apply a
 * drifted deployment again. Its history and its log showed it as a plain `deploy`, like the deployment's
 * own first job. Only the drift check queues a deploy job on a deployment that has one already, so the
 * jobs before this migration that are a heal are the deploy jobs after their deployment's first.
 */
export class JobSelfHeal1795840000000 implements MigrationInterface {
  name = 'JobSelfHeal1795840000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE deployments.jobs ADD COLUMN self_heal boolean NOT NULL DEFAULT false`);
    await db.query(
      `UPDATE deployments.jobs AS heal SET self_heal = true
        WHERE heal.kind = 'deploy' AND EXISTS (
          SELECT 1 FROM deployments.jobs AS first
           WHERE first.deployment_id = heal.deployment_id AND first.kind = 'deploy'
             AND (first.created_at, first.id) < (heal.created_at, heal.id))`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE deployments.jobs DROP COLUMN self_heal`);
  }
}
