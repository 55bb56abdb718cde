import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhook signing secrets encrypted at rest (AES-256-GCM under WEBHOOKS_ENCRYPTION_KEYS, the endpoint
 * id as associated data): a key id and a ciphertext for the current and the previous secret. Rows
 * written before keep their plaintext until identity starts with a key: `WebhookSecretsSealer` seals
 * them then and clears the plaintext columns (which are dropped by a later migration).
 */
export class IdentityWebhookSecretsSealed1796410000000 implements MigrationInterface {
  name = 'IdentityWebhookSecretsSealed1796410000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE identity.webhook_endpoints
        ALTER COLUMN secret DROP NOT NULL,
        ADD COLUMN secret_key_id text,
        ADD COLUMN secret_ciphertext bytea,
        ADD COLUMN previous_secret_key_id text,
        ADD COLUMN previous_secret_ciphertext bytea,
        ADD CONSTRAINT webhook_endpoints_secret_kept
          CHECK (secret IS NOT NULL OR (secret_key_id IS NOT NULL AND secret_ciphertext IS NOT NULL))`);
    // Sealing looks for rows not under the newest key.
    await db.query(`CREATE INDEX webhook_endpoints_key_idx ON identity.webhook_endpoints (secret_key_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    // A sealed secret cannot be put back without the key: those endpoints go (their owners create new ones).
    await db.query(`DELETE FROM identity.webhook_endpoints WHERE secret IS NULL`);
    await db.query(`DROP INDEX identity.webhook_endpoints_key_idx`);
    await db.query(`
      ALTER TABLE identity.webhook_endpoints
        DROP CONSTRAINT webhook_endpoints_secret_kept,
        DROP COLUMN previous_secret_ciphertext,
        DROP COLUMN previous_secret_key_id,
        DROP COLUMN secret_ciphertext,
        DROP COLUMN secret_key_id,
        ALTER COLUMN secret SET NOT NULL`);
  }
}
