import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ConnectionsInit1795700000000 implements MigrationInterface {
  name = 'ConnectionsInit1795700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE connections.connections (
        id uuid PRIMARY KEY,
        owner_id uuid NOT NULL,
        name text NOT NULL,
        host text NOT NULL,
        custom_domain text,
        client_id text NOT NULL,
        organization_id text NOT NULL,
        -- AES-256-GCM: iv || tag || ciphertext, the connection id as associated data.
        secret_key_id text,
        secret_ciphertext bytea,
        validated_at timestamptz,
        validation_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT connections_host_known CHECK (host IN ('us', 'eu', 'custom')),
        CONSTRAINT connections_custom_domain CHECK ((host = 'custom') = (custom_domain IS NOT NULL)),
        CONSTRAINT connections_secret_pair CHECK ((secret_key_id IS NULL) = (secret_ciphertext IS NULL))
      )`);
    await db.query(
      `CREATE INDEX connections_owner_idx ON connections.connections (owner_id, created_at, id)`,
    );
    // The re-encryption command looks for rows not yet under the newest key.
    await db.query(`CREATE INDEX connections_key_idx ON connections.connections (secret_key_id, id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE connections.connections`);
  }
}
