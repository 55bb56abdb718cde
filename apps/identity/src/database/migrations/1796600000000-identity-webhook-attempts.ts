import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The delivery log keeps every attempt (its time, status, duration and error), not only the last: a
 * receiver debugging a failure reads each. A delivery keeps its newest attempts (WEBHOOK_ATTEMPTS_KEPT);
 * its attempts go with it.
 */
export class IdentityWebhookAttempts1796600000000 implements MigrationInterface {
  name = 'IdentityWebhookAttempts1796600000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TABLE identity.webhook_delivery_attempts (
         delivery_id uuid NOT NULL REFERENCES identity.webhook_deliveries (id) ON DELETE CASCADE,
         attempt integer NOT NULL CHECK (attempt >= 1),
         started_at timestamptz NOT NULL,
         duration_ms integer NOT NULL CHECK (duration_ms >= 0),
         response_status integer,
         response_excerpt text,
         error text,
         PRIMARY KEY (delivery_id, attempt)
       )`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE identity.webhook_delivery_attempts`);
  }
}
