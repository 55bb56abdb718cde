import { setTimeout as sleep } from 'node:timers/promises';
import type { DataSource } from 'typeorm';
import type { SecretBox } from './secret-box';

export interface ReencryptProgress {
  /** Rows moved to the newest key in this run. */
  reencrypted: number;
  /** Rows whose secret could not be opened with any configured key (left as they are). */
  failed: string[];
  /**
   * Rows still not under the newest key, the failed ones included: 0 when the old keys may go. Else the
   * run is not finished (a row a concurrent writer held locked past the retries, a batch limit reached).
   */
  remaining: number;
}

/** Pauses before another look at rows a concurrent writer held locked (`SKIP LOCKED` passed them). */
const LOCKED_RETRY_DELAYS_MS = [250, 500, 1000, 2000];

/**
 * Re-encrypts every stored client secret under the newest key (the first of the ring), in small batches,
 * each its own transaction. Resumable: it only ever looks at rows not yet under the newest key, so a
 * stopped run continues where it left off. Safe while the service serves: rows are locked `SKIP LOCKED`
 * per batch, and an update applies only if the row still holds the ciphertext that was read (a
 * concurrent credential change wins and is already under the newest key). A row a concurrent writer
 * holds is passed over by the batch: once no batch finds any row, the rows still under an old key (but
 * not failed) are looked for again after each pause of `retryDelaysMs`; what is left then is `remaining`.
 */
export async function reencryptSecrets(
  dataSource: DataSource,
  box: SecretBox,
  options: {
    batchSize?: number;
    maxBatches?: number;
    onBatch?: (done: number) => void;
    retryDelaysMs?: readonly number[];
  } = {},
): Promise<ReencryptProgress> {
  const batchSize = options.batchSize ?? 100;
  const retryDelays = options.retryDelaysMs ?? LOCKED_RETRY_DELAYS_MS;
  const failed: string[] = [];
  let reencrypted = 0;
  let retries = 0;
  for (let batch = 0; options.maxBatches === undefined || batch < options.maxBatches; batch++) {
    const found = await dataSource.transaction(async (db) => {
      const rows = await db.query<Array<{ id: string; secret_key_id: string; secret_ciphertext: Buffer }>>(
        `SELECT id, secret_key_id, secret_ciphertext FROM connections.connections
          WHERE secret_key_id IS NOT NULL AND secret_key_id <> $1 AND NOT (id = ANY($2::uuid[]))
          ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED`,
        [box.currentKeyId, failed, batchSize],
      );
      for (const row of rows) {
        let plaintext: string;
        try {
          plaintext = box.open(row.id, { keyId: row.secret_key_id, ciphertext: row.secret_ciphertext });
        } catch {
          failed.push(row.id);
          continue;
        }
        const sealed = box.seal(row.id, plaintext);
        // An UPDATE answers its rows and their count: 0 when a concurrent change replaced the secret.
        const [, updated] = await db.query<[unknown[], number]>(
          `UPDATE connections.connections SET secret_key_id = $2, secret_ciphertext = $3
            WHERE id = $1 AND secret_key_id = $4 AND secret_ciphertext = $5`,
          [row.id, sealed.keyId, sealed.ciphertext, row.secret_key_id, row.secret_ciphertext],
        );
        reencrypted += updated;
      }
      return rows.length;
    });
    options.onBatch?.(reencrypted);
    if (found > 0) continue;
    if (retries === retryDelays.length || (await underOldKey(dataSource, box, failed)) === 0) break;
    await sleep(retryDelays[retries++]);
  }
  return { reencrypted, failed, remaining: await underOldKey(dataSource, box, []) };
}

/** How many stored secrets are not under the newest key, but for those of `except`. */
async function underOldKey(dataSource: DataSource, box: SecretBox, except: string[]): Promise<number> {
  const [{ remaining }] = await dataSource.query<Array<{ remaining: number }>>(
    `SELECT count(*)::int AS remaining FROM connections.connections
      WHERE secret_key_id IS NOT NULL AND secret_key_id <> $1 AND NOT (id = ANY($2::uuid[]))`,
    [box.currentKeyId, except],
  );
  return remaining;
}
