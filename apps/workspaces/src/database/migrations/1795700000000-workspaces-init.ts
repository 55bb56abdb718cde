import type { MigrationInterface, QueryRunner } from 'typeorm';

export class WorkspacesInit1795700000000 implements MigrationInterface {
  name = 'WorkspacesInit1795700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE workspaces.workspaces (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        slug text NOT NULL,
        owner_id uuid NOT NULL,
        is_personal boolean NOT NULL DEFAULT false,
        archived_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE UNIQUE INDEX workspaces_slug_key ON workspaces.workspaces (slug)`);
    await db.query(
      `CREATE UNIQUE INDEX workspaces_personal_key ON workspaces.workspaces (owner_id) WHERE is_personal`,
    );
    await db.query(`CREATE INDEX workspaces_owner_idx ON workspaces.workspaces (owner_id, created_at)`);
    await db.query(`
      CREATE TABLE workspaces.members (
        workspace_id uuid NOT NULL REFERENCES workspaces.workspaces (id) ON DELETE CASCADE,
        user_id uuid NOT NULL,
        role text NOT NULL,
        disabled_at timestamptz,
        added_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (workspace_id, user_id),
        CONSTRAINT members_role_known CHECK (role IN ('owner', 'admin', 'member')),
        CONSTRAINT members_owner_active CHECK (role <> 'owner' OR disabled_at IS NULL)
      )`);
    await db.query(
      `CREATE UNIQUE INDEX members_one_owner ON workspaces.members (workspace_id) WHERE role = 'owner'`,
    );
    await db.query(`CREATE INDEX members_user_idx ON workspaces.members (user_id, workspace_id)`);
    await db.query(`
      CREATE TABLE workspaces.shares (
        workspace_id uuid NOT NULL REFERENCES workspaces.workspaces (id) ON DELETE CASCADE,
        connection_id uuid NOT NULL,
        shared_by uuid NOT NULL,
        disabled_at timestamptz,
        disabled_reason text,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (workspace_id, connection_id),
        CONSTRAINT shares_reason CHECK ((disabled_at IS NULL) = (disabled_reason IS NULL))
      )`);
    await db.query(`CREATE INDEX shares_connection_idx ON workspaces.shares (connection_id)`);
    await db.query(`CREATE INDEX shares_shared_by_idx ON workspaces.shares (workspace_id, shared_by)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE workspaces.shares`);
    await db.query(`DROP TABLE workspaces.members`);
    await db.query(`DROP TABLE workspaces.workspaces`);
  }
}
