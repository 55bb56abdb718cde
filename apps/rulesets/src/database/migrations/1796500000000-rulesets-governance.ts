import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * API governance: the APIs workspaces register (with the documents pushed for them), the profiles saying
 * which rulesets govern which of them, the workspace's threshold, every evaluation kept, and waivers.
 * `workspace_id` is the workspaces service's id (no foreign key across schemas). The API row keeps its
 * latest and previous conformance so that a workspace's page reads one table.
 */
export class RulesetsGovernance1796500000000 implements MigrationInterface {
  name = 'RulesetsGovernance1796500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE rulesets.governed_apis (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        workspace_id uuid NOT NULL,
        name text NOT NULL,
        description text,
        source_url text,
        source_ref text,
        source_path text,
        tags text[] NOT NULL DEFAULT '{}',
        scope text,
        created_by uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        last_evaluation_id uuid,
        last_evaluated_at timestamptz,
        conformance numeric(4,1),
        previous_conformance numeric(4,1),
        CHECK ((source_url IS NULL) = (source_path IS NULL))
      )`);
    await db.query(
      `CREATE UNIQUE INDEX governed_apis_name_uq ON rulesets.governed_apis (workspace_id, lower(name))`,
    );
    // The workspace's page: at-risk first (lowest conformance), never evaluated last.
    await db.query(
      `CREATE INDEX governed_apis_dashboard_idx ON rulesets.governed_apis (workspace_id, conformance NULLS LAST, id)`,
    );
    await db.query(`
      CREATE TABLE rulesets.api_documents (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        api_id uuid NOT NULL REFERENCES rulesets.governed_apis (id) ON DELETE CASCADE,
        workspace_id uuid NOT NULL,
        filename text NOT NULL,
        content text NOT NULL,
        digest text NOT NULL,
        commit text,
        bytes integer NOT NULL,
        pushed_by uuid NOT NULL,
        pushed_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await db.query(`CREATE INDEX api_documents_api_idx ON rulesets.api_documents (api_id, pushed_at DESC)`);
    await db.query(`CREATE INDEX api_documents_workspace_idx ON rulesets.api_documents (workspace_id)`);
    await db.query(`
      CREATE TABLE rulesets.governance_profiles (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        workspace_id uuid NOT NULL,
        name text NOT NULL,
        rulesets jsonb NOT NULL,
        match_tags text[] NOT NULL DEFAULT '{}',
        match_scopes text[] NOT NULL DEFAULT '{}',
        created_by uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE UNIQUE INDEX governance_profiles_name_uq ON rulesets.governance_profiles (workspace_id, lower(name))`,
    );
    // Which profiles follow a ruleset (re-evaluation when it publishes a version; its page's count).
    await db.query(
      `CREATE INDEX governance_profiles_rulesets_idx ON rulesets.governance_profiles USING gin (rulesets jsonb_path_ops)`,
    );
    await db.query(`
      CREATE TABLE rulesets.governance_settings (
        workspace_id uuid PRIMARY KEY,
        at_risk_threshold integer NOT NULL CHECK (at_risk_threshold BETWEEN 0 AND 100),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE rulesets.api_evaluations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        api_id uuid NOT NULL REFERENCES rulesets.governed_apis (id) ON DELETE CASCADE,
        workspace_id uuid NOT NULL,
        trigger text NOT NULL,
        run_by uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        format text NOT NULL,
        digest text NOT NULL,
        commit text,
        ref text,
        rulesets jsonb NOT NULL,
        counts jsonb NOT NULL,
        waived integer NOT NULL,
        passed_rules integer NOT NULL,
        applicable_rules integer NOT NULL,
        conformance numeric(4,1),
        findings jsonb NOT NULL,
        findings_truncated boolean NOT NULL
      )`);
    await db.query(
      `CREATE INDEX api_evaluations_history_idx ON rulesets.api_evaluations (api_id, created_at DESC, id DESC)`,
    );
    // Evaluations per workspace in the last hour (its limit).
    await db.query(
      `CREATE INDEX api_evaluations_workspace_idx ON rulesets.api_evaluations (workspace_id, created_at)`,
    );
    await db.query(`
      CREATE TABLE rulesets.waivers (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        api_id uuid NOT NULL REFERENCES rulesets.governed_apis (id) ON DELETE CASCADE,
        workspace_id uuid NOT NULL,
        rule text NOT NULL,
        location text NOT NULL,
        reason text NOT NULL,
        expires_at timestamptz NOT NULL,
        created_by uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expiry_handled_at timestamptz
      )`);
    await db.query(`CREATE INDEX waivers_api_idx ON rulesets.waivers (api_id, expires_at)`);
    await db.query(
      `CREATE INDEX waivers_expiring_idx ON rulesets.waivers (expires_at) WHERE expiry_handled_at IS NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE rulesets.waivers`);
    await db.query(`DROP TABLE rulesets.api_evaluations`);
    await db.query(`DROP TABLE rulesets.governance_settings`);
    await db.query(`DROP TABLE rulesets.governance_profiles`);
    await db.query(`DROP TABLE rulesets.api_documents`);
    await db.query(`DROP TABLE rulesets.governed_apis`);
  }
}
