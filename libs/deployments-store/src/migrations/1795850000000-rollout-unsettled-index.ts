import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The organizations of ended roll-outs still shown `deploying`: an abort keeps what a running deployment
 * applies, and the roll-out driver follows each such deployment to its end to say what it did there. Its
 * pass asks for them every tick; this index holds only those few rows.
 */
export class RolloutUnsettledIndex1795850000000 implements MigrationInterface {
  name = 'RolloutUnsettledIndex1795850000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX rollout_organizations_unsettled_idx ON deployments.rollout_organizations (rollout_id)
        WHERE state = 'deploying' AND NOT active`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX IF EXISTS deployments.rollout_organizations_unsettled_idx`);
  }
}
