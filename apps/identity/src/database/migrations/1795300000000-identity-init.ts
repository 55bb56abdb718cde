import type { MigrationInterface, QueryRunner } from 'typeorm';

export class IdentityInit1795300000000 implements MigrationInterface {
  name = 'IdentityInit1795300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE identity.users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email text NOT NULL,
        password_hash text NOT NULL,
        name text NOT NULL,
        company text,
        username text,
        bio text,
        linkedin_url text,
        x_url text,
        profile_is_public boolean NOT NULL DEFAULT false,
        is_admin boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT users_email_lower CHECK (email = lower(email)),
        CONSTRAINT users_username_lower CHECK (username = lower(username))
      )`);
    await db.query(`CREATE UNIQUE INDEX users_email_key ON identity.users (email)`);
    await db.query(
      `CREATE UNIQUE INDEX users_username_key ON identity.users (username) WHERE username IS NOT NULL`,
    );
    await db.query(`
      CREATE TABLE identity.sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES identity.users(id) ON DELETE CASCADE,
        token_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      )`);
    await db.query(`CREATE UNIQUE INDEX sessions_token_hash_key ON identity.sessions (token_hash)`);
    await db.query(`CREATE INDEX sessions_user_idx ON identity.sessions (user_id)`);
    await db.query(`
      CREATE TABLE identity.access_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES identity.users(id) ON DELETE CASCADE,
        name text NOT NULL,
        token_hash text NOT NULL,
        token_prefix text NOT NULL,
        scopes text[] NOT NULL,
        expires_at timestamptz,
        last_used_at timestamptz,
        revoked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT access_tokens_scopes_known CHECK (scopes <@ ARRAY['api:read','api:write']::text[] AND cardinality(scopes) > 0)
      )`);
    await db.query(`CREATE UNIQUE INDEX access_tokens_token_hash_key ON identity.access_tokens (token_hash)`);
    await db.query(
      `CREATE INDEX access_tokens_user_idx ON identity.access_tokens (user_id, created_at DESC)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE identity.access_tokens`);
    await db.query(`DROP TABLE identity.sessions`);
    await db.query(`DROP TABLE identity.users`);
  }
}
