import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The signed provenance attestation of what a deployment's job published: one per deployment (a redelivered
 * job finds it there and writes no second one). Whether it built the reviewed commit, and the pin, are in
 * the deployment's `source` document.
 */
export class DeploymentProvenance1795810000000 implements MigrationInterface {
  name = 'DeploymentProvenance1795810000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE deployments.provenance (
        deployment_id uuid PRIMARY KEY REFERENCES deployments.deployments(id) ON DELETE CASCADE,
        job_id uuid NOT NULL,
        key_id text NOT NULL,
        envelope jsonb NOT NULL,
        subjects jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS deployments.provenance`);
  }
}
