import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateSigningKeyEntry } from '@pc/platform';
import { generateKeyRingEntry } from '@pc/connections';
import type { EmbeddedEnv } from './embedded.env';

/**
 * An encryption key ring (connections' client secrets, webhooks' signing secrets): from the environment,
 * else one key generated once and kept in DATA_DIR (mode 0600), so secrets stored by an earlier start
 * still decrypt. Losing the file loses them.
 */
export function keyRing(fromEnv: string | undefined, dataDir: string, fileName: string): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, fileName);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const keys = generateKeyRingEntry('local1');
  writeFileSync(file, `${keys}\n`, { mode: 0o600, flag: 'wx' });
  return keys;
}

/**
 * The provenance signing keys: from the environment, else one Ed25519 key generated once and kept in
 * DATA_DIR (mode 0600), so attestations signed by an earlier start still verify against the served keys.
 */
export function provenanceKeys(env: Pick<EmbeddedEnv, 'PROVENANCE_SIGNING_KEYS'>, dataDir: string): string {
  if (env.PROVENANCE_SIGNING_KEYS) return env.PROVENANCE_SIGNING_KEYS;
  const file = path.join(dataDir, 'provenance-signing-keys');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const keys = generateSigningKeyEntry('local1');
  writeFileSync(file, `${keys}\n`, { mode: 0o600, flag: 'wx' });
  return keys;
}
