// Re-encrypts every stored connection secret under the newest key of CONNECTIONS_ENCRYPTION_KEYS (the
// first one). Put the new key first, keep the old ones after it, deploy, run this, then drop the old keys.
// Resumable (run it again after a stop) and safe while the connections service serves. It exits 0 only when
// no secret is left under an old key ("done"); else it says "not finished: run again" and exits 2 (rows a
// concurrent change held locked past a few retries, or rows no configured key opens, which it lists).
//   CONNECTIONS_ENCRYPTION_KEYS=new:...,old:... DATABASE_URL=... npm run reencrypt-connections
import 'reflect-metadata';
import { connectionsDatabase, parseKeyRing, reencryptSecrets, SecretBox } from '@pc/connections';
import { createServiceDataSource } from '@pc/platform';

async function main(): Promise<void> {
  const keys = process.env.CONNECTIONS_ENCRYPTION_KEYS;
  if (!keys)
    throw new Error('CONNECTIONS_ENCRYPTION_KEYS is required (the new key first, then the old ones)');
  const box = new SecretBox(parseKeyRing(keys));
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/policy_catalog';
  const dataSource = createServiceDataSource({ ...connectionsDatabase, url, poolSize: 2 });
  await dataSource.initialize();
  try {
    const result = await reencryptSecrets(dataSource, box, {
      onBatch: (done) => console.log(`re-encrypted ${done} so far`),
    });
    if (result.remaining === 0) {
      console.log(
        `done: ${result.reencrypted} re-encrypted under ${box.currentKeyId}; no secret is left under an old key`,
      );
    } else {
      // The old keys must stay: a secret still under one would be lost with it.
      console.log(
        `not finished: run again: ${result.reencrypted} re-encrypted under ${box.currentKeyId}, ` +
          `${result.remaining} still under an old key, so keep the old keys` +
          (result.failed.length > 0
            ? `; cannot be opened with any configured key: ${result.failed.join(', ')}`
            : ''),
      );
      process.exitCode = 2;
    }
  } finally {
    await dataSource.destroy();
  }
}

void main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
