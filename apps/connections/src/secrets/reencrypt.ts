import type { DataSource } from 'typeorm';
import type { SecretBox } from './secret-box';

export interface ReencryptProgress {
  /** Rows moved to the newest key in this run. */
  reencrypted: number;
  /** Rows whose secret could not be opened with any configured key (left as they are). */
  failed: string[];
  /** Rows still not under the newest key (0 when done, except the failed ones). */
  remaining: number;
}

/**
 * Re-encrypts every stored client secret under the newest key (the first of the ring), in small batches,
 * each its own transaction. Resumable: it only ever looks at rows not yet under the newest key, so a
 * stopped run continues where it left off. Safe while the service serves: rows are locked `SKIP LOCKED`
 * per batch, and an update applies only if the row still holds the ciphertext that was read (a
 * concurrent credential change wins and is already under the newest key).
 */
export async function reencryptSecrets(
  dataSource: DataSource,
  box: SecretBox,
  options: { batchSize?: number; maxBatches?: number; onBatch?: (done: number) => void } = {},
): Promise<ReencryptProgress> {
  const batchSize = options.batchSize ?? 100;
  const failed: string[] = [];
  let reencrypted = 0;
  for (let batch = 0; options.maxBatches === undefined || batch < options.maxBatches; batch++) {
    const moved = await dataSource.transaction(async (db) => {
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
        await db.query(
          `UPDATE connections.connections SET secret_key_id = $2, secret_ciphertext = $3
            WHERE id = $1 AND secret_key_id = $4 AND secret_ciphertext = $5`,
          [row.id, sealed.keyId, sealed.ciphertext, row.secret_key_id, row.secret_ciphertext],
        );
        reencrypted++;
      }
      return rows.length;
    });
    options.onBatch?.(reencrypted);
    if (moved === 0) break;
  }
  const [{ remaining }] = await dataSource.query<Array<{ remaining: number }>>(
    `SELECT count(*)::int AS remaining FROM connections.connections
      WHERE secret_key_id IS NOT NULL AND secret_key_id <> $1`,
    [box.currentKeyId],
  );
  return { reencrypted, failed, remaining };
}
