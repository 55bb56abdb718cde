import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Signed webhooks: endpoints (with the signing secret, which must be readable to sign, and the previous
 * one during a rotation's overlap) and one delivery row per event and endpoint, which is both the
 * schedule of its attempts and the delivery log.
 */
export class IdentityWebhooks1796280000000 implements MigrationInterface {
  name = 'IdentityWebhooks1796280000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE identity.webhook_endpoints (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES identity.users(id) ON DELETE CASCADE,
        url text NOT NULL,
        description text NOT NULL DEFAULT '',
        event_types text[] NOT NULL,
        secret text NOT NULL,
        previous_secret text,
        previous_secret_expires_at timestamptz,
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
        disabled_reason text,
        consecutive_failures integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE INDEX webhook_endpoints_user_idx ON identity.webhook_endpoints (user_id, created_at)`,
    );
    await db.query(`
      CREATE TABLE identity.webhook_deliveries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        endpoint_id uuid NOT NULL REFERENCES identity.webhook_endpoints(id) ON DELETE CASCADE,
        event_id text NOT NULL,
        event_type text NOT NULL,
        body text NOT NULL,
        status text NOT NULL DEFAULT 'pending'
          CHECK (status IN ('pending', 'sending', 'succeeded', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        lease_until timestamptz,
        response_status integer,
        duration_ms integer,
        response_excerpt text,
        created_at timestamptz NOT NULL DEFAULT now(),
        delivered_at timestamptz
      )`);
    // One delivery per event and endpoint: a redelivered event fans out once.
    await db.query(
      `CREATE UNIQUE INDEX webhook_deliveries_event_key ON identity.webhook_deliveries (endpoint_id, event_id)`,
    );
    await db.query(
      `CREATE INDEX webhook_deliveries_log_idx ON identity.webhook_deliveries (endpoint_id, created_at DESC, id DESC)`,
    );
    await db.query(
      `CREATE INDEX webhook_deliveries_due_idx ON identity.webhook_deliveries (next_attempt_at)
         WHERE status IN ('pending', 'sending')`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE identity.webhook_deliveries`);
    await db.query(`DROP TABLE identity.webhook_endpoints`);
  }
}
