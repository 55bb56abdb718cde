import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Progressive delivery (issue 26): roll-outs with their steps' organizations and event log, the link
 * from a deployment to its roll-out, rollback pins and drift on deployments, `restore` jobs, and the
 * workspaces' self-heal opt-in.
 */
export class Rollouts1795820000000 implements MigrationInterface {
  name = 'Rollouts1795820000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE deployments.rollouts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        asset_type text NOT NULL,
        policy_id uuid,
        ruleset_id uuid,
        asset_name text NOT NULL,
        asset_slug text NOT NULL,
        workspace_id uuid NOT NULL,
        connection_id uuid NOT NULL,
        created_by uuid NOT NULL,
        -- Every step's deployment is made from this row (the request's checks passed at creation).
        template jsonb NOT NULL,
        requested_version text,
        status text NOT NULL DEFAULT 'running',
        step_count integer NOT NULL,
        current_step integer,
        phase text,
        phase_started_at timestamptz,
        bake_seconds integer NOT NULL,
        health_timeout_seconds integer NOT NULL,
        -- After a halt or a rollback by hand: the status it ends in once restored.
        ends_as text,
        halt_reason text,
        event_seq integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', clock_timestamp()),
        updated_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        CONSTRAINT rollouts_status_known CHECK (status IN
          ('running', 'paused', 'rolling_back', 'completed', 'halted', 'aborted', 'rolled_back')),
        CONSTRAINT rollouts_phase_known CHECK (phase IS NULL OR phase IN ('deploying', 'verifying', 'baking'))
      )`);
    await db.query(`CREATE INDEX rollouts_author_idx ON deployments.rollouts (created_by, created_at DESC)`);
    await db.query(
      `CREATE INDEX rollouts_workspace_idx ON deployments.rollouts (workspace_id, created_at DESC)`,
    );
    await db.query(
      `CREATE INDEX rollouts_active_idx ON deployments.rollouts (updated_at)
        WHERE status IN ('running', 'paused', 'rolling_back')`,
    );
    await db.query(`
      CREATE TABLE deployments.rollout_organizations (
        rollout_id uuid NOT NULL REFERENCES deployments.rollouts (id) ON DELETE CASCADE,
        platform_org_id text NOT NULL,
        platform_org_name text,
        step integer NOT NULL,
        position integer NOT NULL,
        item_key text NOT NULL,
        state text NOT NULL DEFAULT 'pending',
        health text,
        -- What the organization ran when its step started ({groupId, version, configuration}), null: none.
        previous jsonb,
        previous_read boolean NOT NULL DEFAULT false,
        deployment_id uuid REFERENCES deployments.deployments (id) ON DELETE SET NULL,
        error text,
        -- True while the roll-out is active: one active roll-out per item and organization.
        active boolean NOT NULL DEFAULT true,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (rollout_id, platform_org_id),
        CONSTRAINT rollout_organizations_state_known CHECK (state IN ('pending', 'deploying', 'applied',
          'healthy', 'failed', 'degraded', 'restoring', 'restored', 'removed', 'skipped'))
      )`);
    await db.query(
      `CREATE UNIQUE INDEX rollout_organizations_one_active ON deployments.rollout_organizations
         (item_key, platform_org_id) WHERE active`,
    );
    await db.query(
      `CREATE INDEX rollout_organizations_deployment_idx ON deployments.rollout_organizations (deployment_id)`,
    );
    await db.query(`
      CREATE TABLE deployments.rollout_events (
        rollout_id uuid NOT NULL REFERENCES deployments.rollouts (id) ON DELETE CASCADE,
        seq integer NOT NULL,
        type text NOT NULL,
        status text NOT NULL,
        step integer,
        platform_org_id text,
        state text,
        message text NOT NULL,
        at timestamptz NOT NULL DEFAULT clock_timestamp(),
        PRIMARY KEY (rollout_id, seq)
      )`);
    await db.query(`ALTER TABLE deployments.deployments ADD COLUMN rollout_id uuid`);
    await db.query(`ALTER TABLE deployments.deployments ADD COLUMN rollback_pinned_at timestamptz`);
    await db.query(`ALTER TABLE deployments.deployments ADD COLUMN drift jsonb`);
    await db.query(`CREATE INDEX deployments_rollout_idx ON deployments.deployments (rollout_id)`);
    // The reconcile's candidates: the newest deployment per item, organization and connection.
    await db.query(
      `CREATE INDEX deployments_target_idx ON deployments.deployments
         (connection_id, asset_slug, platform_org_id, created_at DESC)`,
    );
    await db.query(`ALTER TABLE deployments.jobs DROP CONSTRAINT jobs_kind_known`);
    await db.query(
      `ALTER TABLE deployments.jobs ADD CONSTRAINT jobs_kind_known
         CHECK (kind IN ('deploy', 'unpublish', 'delete-release', 'restore'))`,
    );
    await db.query(`
      CREATE TABLE deployments.workspace_settings (
        workspace_id uuid PRIMARY KEY,
        self_heal boolean NOT NULL DEFAULT false,
        updated_by uuid NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS deployments.workspace_settings`);
    await db.query(`DELETE FROM deployments.jobs WHERE kind = 'restore'`);
    await db.query(`ALTER TABLE deployments.jobs DROP CONSTRAINT jobs_kind_known`);
    await db.query(
      `ALTER TABLE deployments.jobs ADD CONSTRAINT jobs_kind_known
         CHECK (kind IN ('deploy', 'unpublish', 'delete-release'))`,
    );
    await db.query(`DROP INDEX IF EXISTS deployments.deployments_target_idx`);
    await db.query(`DROP INDEX IF EXISTS deployments.deployments_rollout_idx`);
    await db.query(
      `ALTER TABLE deployments.deployments DROP COLUMN drift, DROP COLUMN rollback_pinned_at, DROP COLUMN rollout_id`,
    );
    for (const table of ['rollout_events', 'rollout_organizations', 'rollouts'])
      await db.query(`DROP TABLE IF EXISTS deployments.${table}`);
  }
}
