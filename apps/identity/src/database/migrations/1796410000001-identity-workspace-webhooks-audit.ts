import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Workspace-level webhook endpoints (`workspace_id` set: the workspace's events; `user_id` is who
 * created it and hears when it is disabled); who deployed which policy or ruleset into which workspace
 * (kept from the deployment successes, so a new version reaches them); and the workspace of an audit
 * entry, for the workspace owner's view. Workspaces live in another schema: no foreign key.
 */
export class IdentityWorkspaceWebhooksAudit1796410000001 implements MigrationInterface {
  name = 'IdentityWorkspaceWebhooksAudit1796410000001';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE identity.webhook_endpoints ADD COLUMN workspace_id uuid`);
    await db.query(
      `CREATE INDEX webhook_endpoints_workspace_idx ON identity.webhook_endpoints (workspace_id, created_at)
         WHERE workspace_id IS NOT NULL`,
    );
    await db.query(`
      CREATE TABLE identity.webhook_deployers (
        asset_type text NOT NULL CHECK (asset_type IN ('policy', 'ruleset')),
        resource_id uuid NOT NULL,
        user_id uuid NOT NULL,
        workspace_id uuid NOT NULL,
        first_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (asset_type, resource_id, user_id, workspace_id)
      )`);
    await db.query(`ALTER TABLE identity.audit_log ADD COLUMN workspace_id uuid`);
    await db.query(
      `CREATE INDEX audit_log_workspace_idx ON identity.audit_log (workspace_id, at DESC, id DESC)
         WHERE workspace_id IS NOT NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX identity.audit_log_workspace_idx`);
    // The append-only trigger refuses UPDATE, not DDL: the column goes with its values.
    await db.query(`ALTER TABLE identity.audit_log DROP COLUMN workspace_id`);
    await db.query(`DROP TABLE identity.webhook_deployers`);
    await db.query(`DELETE FROM identity.webhook_endpoints WHERE workspace_id IS NOT NULL`);
    await db.query(`DROP INDEX identity.webhook_endpoints_workspace_idx`);
    await db.query(`ALTER TABLE identity.webhook_endpoints DROP COLUMN workspace_id`);
  }
}
