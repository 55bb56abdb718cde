import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The ref check walks each workspace's APIs on the source host by id. */
export class RulesetsGovernedApiSources1796810000200 implements MigrationInterface {
  name = 'RulesetsGovernedApiSources1796810000200';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX governed_apis_sourced_idx ON rulesets.governed_apis (workspace_id, id) WHERE source_url IS NOT NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX IF EXISTS rulesets.governed_apis_sourced_idx`);
  }
}
