import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { createLogger, Database, type SealedSecret, SecretBox } from '@pc/platform';
import { type UnsealedRow, WebhooksRepository } from './webhooks.repository';

const log = createLogger('identity');
const BATCH = 100;

/**
 * Keeps every webhook signing secret sealed under the newest key of WEBHOOKS_ENCRYPTION_KEYS: at start
 * it seals secrets stored in plaintext (endpoints created before secrets were encrypted) and re-seals
 * those under an older key (a rotation: put the new key first, restart identity, and once the log says
 * none remain, drop the old key). Batches of rows locked `SKIP LOCKED`, so replicas starting together
 * share the work; a secret no configured key opens is left as it is and logged.
 */
@Injectable()
export class WebhookSecretsSealer implements OnApplicationBootstrap {
  constructor(
    private readonly db: Database,
    private readonly webhooks: WebhooksRepository,
    private readonly box: SecretBox,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.sealAll();
    } catch (error) {
      // The service still serves: those endpoints wait (claims skip unsealed rows) until the next start.
      log.error({ err: error }, 'webhook secrets not sealed');
    }
  }

  /** Seals or re-seals what is not under the newest key; the ids that no key opens. */
  async sealAll(): Promise<{ sealed: number; failed: string[]; remaining: number }> {
    const failed: string[] = [];
    let sealed = 0;
    for (;;) {
      const moved = await this.db.transaction(async (tx) => {
        const rows = await this.webhooks.lockUnsealed(tx, this.box.currentKeyId, failed, BATCH);
        for (const row of rows) {
          const secrets = this.open(row);
          if (!secrets) {
            failed.push(row.id);
            continue;
          }
          await this.webhooks.storeSealed(
            tx,
            row.id,
            this.box.seal(row.id, secrets.current),
            secrets.previous === null ? null : this.box.seal(row.id, secrets.previous),
          );
          sealed++;
        }
        return rows.length;
      });
      if (moved === 0) break;
    }
    const remaining = await this.webhooks.countUnsealed(this.db.pool, this.box.currentKeyId);
    if (sealed > 0 || failed.length > 0)
      log.info(
        { sealed, failed: failed.length, remaining, keyId: this.box.currentKeyId },
        'webhook secrets sealed under the newest key',
      );
    if (failed.length > 0)
      log.error({ endpoints: failed }, 'webhook secrets that no key of WEBHOOKS_ENCRYPTION_KEYS opens');
    return { sealed, failed, remaining };
  }

  /** The plaintext secrets of a row (the previous one only while its overlap lasts), or null. */
  private open(row: UnsealedRow): { current: string; previous: string | null } | null {
    try {
      const current =
        row.secret ?? this.box.open(row.id, sealedOf(row.secret_key_id, row.secret_ciphertext)!);
      const overlapping =
        row.previous_secret_expires_at !== null && row.previous_secret_expires_at > new Date();
      const sealedPrevious = sealedOf(row.previous_secret_key_id, row.previous_secret_ciphertext);
      const previous = !overlapping
        ? null
        : (row.previous_secret ?? (sealedPrevious ? this.box.open(row.id, sealedPrevious) : null));
      return { current, previous };
    } catch {
      return null;
    }
  }
}

function sealedOf(keyId: string | null, ciphertext: Buffer | null): SealedSecret | null {
  return keyId && ciphertext ? { keyId, ciphertext } : null;
}
