import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a re-evaluation did, so that a job delivered again after a crash evaluates no API twice and its
 * news goes out once: a run per cause and workspace (a ruleset's new version: its event), finished when its
 * last API is done; each API evaluated for it, with its conformance before and after.
 */
export class RulesetsReevaluationRuns1796810000100 implements MigrationInterface {
  name = 'RulesetsReevaluationRuns1796810000100';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE rulesets.reevaluation_runs (
        cause text NOT NULL,
        workspace_id uuid NOT NULL,
        ruleset_id uuid,
        ruleset_name text,
        version text,
        started_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        PRIMARY KEY (cause, workspace_id)
      )`);
    await db.query(`
      CREATE TABLE rulesets.reevaluated_apis (
        cause text NOT NULL,
        api_id uuid NOT NULL REFERENCES rulesets.governed_apis (id) ON DELETE CASCADE,
        workspace_id uuid NOT NULL,
        evaluation_id uuid NOT NULL,
        previous_conformance numeric(4,1),
        conformance numeric(4,1),
        PRIMARY KEY (cause, api_id)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS rulesets.reevaluated_apis`);
    await db.query(`DROP TABLE IF EXISTS rulesets.reevaluation_runs`);
  }
}
