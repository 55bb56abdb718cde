import type { MigrationInterface, QueryRunner } from 'typeorm';

export class DeploymentsInit1795800000000 implements MigrationInterface {
  name = 'DeploymentsInit1795800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE deployments.deployments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        asset_type text NOT NULL,
        policy_id uuid,
        ruleset_id uuid,
        asset_name text NOT NULL,
        asset_slug text NOT NULL,
        governance_profile jsonb,
        governance_profile_result jsonb,
        connection_id uuid NOT NULL,
        workspace_id uuid NOT NULL,
        created_by uuid NOT NULL,
        platform_org_id text NOT NULL,
        platform_org_name text,
        status text NOT NULL DEFAULT 'queued',
        do_publish boolean NOT NULL DEFAULT false,
        do_release boolean NOT NULL DEFAULT false,
        cleanup_dev boolean NOT NULL DEFAULT false,
        ref text,
        implementation_ref text,
        requested_version text,
        source jsonb NOT NULL,
        commit_sha text,
        implementation_commit_sha text,
        version text,
        group_id text,
        definition_asset_version text,
        implementation_asset_version text,
        applied_version text,
        dev_versions jsonb NOT NULL DEFAULT '[]',
        home_doc_status text,
        error text,
        dedupe_key text NOT NULL,
        -- Milliseconds, as the list's cursor carries them.
        created_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', clock_timestamp()),
        updated_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        CONSTRAINT deployments_asset_type_known CHECK (asset_type IN ('policy', 'ruleset')),
        CONSTRAINT deployments_asset_id CHECK (
          (asset_type = 'policy' AND policy_id IS NOT NULL) OR (asset_type = 'ruleset' AND ruleset_id IS NOT NULL)),
        CONSTRAINT deployments_status_known
          CHECK (status IN ('queued', 'running', 'succeeded', 'failed', 'cancelled'))
      )`);
    // A second identical request while the first is in flight is the first: decided here, not by a read.
    await db.query(`
      CREATE UNIQUE INDEX deployments_in_flight_key ON deployments.deployments (dedupe_key)
        WHERE status IN ('queued', 'running')`);
    await db.query(
      `CREATE INDEX deployments_author_idx ON deployments.deployments (created_by, created_at DESC, id DESC)`,
    );
    await db.query(
      `CREATE INDEX deployments_policy_idx ON deployments.deployments (policy_id, created_at DESC)`,
    );
    await db.query(
      `CREATE INDEX deployments_ruleset_idx ON deployments.deployments (ruleset_id, created_at DESC)`,
    );
    await db.query(`CREATE INDEX deployments_connection_idx ON deployments.deployments (connection_id)`);
    await db.query(
      `CREATE INDEX deployments_workspace_idx ON deployments.deployments (workspace_id, connection_id)`,
    );
    await db.query(`
      CREATE TABLE deployments.jobs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        deployment_id uuid NOT NULL REFERENCES deployments.deployments (id) ON DELETE CASCADE,
        kind text NOT NULL,
        status text NOT NULL DEFAULT 'queued',
        step text,
        attempts integer NOT NULL DEFAULT 0,
        steps jsonb NOT NULL DEFAULT '{}',
        log_seq integer NOT NULL DEFAULT 0,
        error text,
        cancel_requested_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        finished_at timestamptz,
        CONSTRAINT jobs_kind_known CHECK (kind IN ('deploy', 'unpublish', 'delete-release')),
        CONSTRAINT jobs_status_known CHECK (status IN ('queued', 'running', 'succeeded', 'failed', 'cancelled'))
      )`);
    // At most one unfinished job per deployment (a removal is not enqueued twice).
    await db.query(`
      CREATE UNIQUE INDEX jobs_one_in_flight ON deployments.jobs (deployment_id)
        WHERE status IN ('queued', 'running')`);
    await db.query(`CREATE INDEX jobs_deployment_idx ON deployments.jobs (deployment_id, created_at DESC)`);
    await db.query(
      `CREATE INDEX jobs_unfinished_idx ON deployments.jobs (created_at) WHERE status IN ('queued', 'running')`,
    );
    await db.query(`
      CREATE TABLE deployments.logs (
        job_id uuid NOT NULL REFERENCES deployments.jobs (id) ON DELETE CASCADE,
        seq integer NOT NULL,
        deployment_id uuid NOT NULL,
        line_key text NOT NULL,
        step text NOT NULL,
        level text NOT NULL,
        text text NOT NULL,
        at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (job_id, seq),
        CONSTRAINT logs_level_known CHECK (level IN ('info', 'warn', 'error'))
      )`);
    // A line written again by a redelivered job (same step, same position) is the same line.
    await db.query(`CREATE UNIQUE INDEX logs_line_key ON deployments.logs (job_id, line_key)`);
    await db.query(`
      CREATE TABLE deployments.idempotency_keys (
        user_id uuid NOT NULL,
        key text NOT NULL,
        request_hash text NOT NULL,
        response jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, key)
      )`);
    await db.query(`CREATE INDEX idempotency_keys_age_idx ON deployments.idempotency_keys (created_at)`);
    await db.query(`
      CREATE TABLE deployments.outbox (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        pattern text NOT NULL,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz,
        attempts integer NOT NULL DEFAULT 0
      )`);
    await db.query(
      `CREATE INDEX outbox_unpublished_idx ON deployments.outbox (created_at) WHERE published_at IS NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['outbox', 'idempotency_keys', 'logs', 'jobs', 'deployments']) {
      await db.query(`DROP TABLE IF EXISTS deployments.${table}`);
    }
  }
}
