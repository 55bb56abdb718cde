import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseKeyRing, SecretBox } from '@pc/platform';
import { keyRing, provenanceKeys } from './data-dir-keys';

/** The keys embedded mode generates once and keeps in DATA_DIR, readable by its owner only. */
describe('the keys embedded mode keeps in DATA_DIR', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pc-keys-'));
  });

  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('generates an encryption key ring once (0600), and a restart reads the same back: what it sealed still opens', () => {
    const first = keyRing(undefined, dataDir, 'connections-encryption-keys');
    const file = path.join(dataDir, 'connections-encryption-keys');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    const row = randomUUID();
    const sealed = new SecretBox(parseKeyRing(first)).seal(row, 'cs-kept-secret');

    const again = keyRing(undefined, dataDir, 'connections-encryption-keys');
    expect(again).toBe(first);
    expect(new SecretBox(parseKeyRing(again)).open(row, sealed)).toBe('cs-kept-secret');
    // Each ring has a file of its own.
    expect(keyRing(undefined, dataDir, 'webhooks-encryption-keys')).not.toBe(first);
  });

  it('takes the keys from the environment when set, and writes no file', () => {
    expect(keyRing('k1:from-env', dataDir, 'connections-encryption-keys')).toBe('k1:from-env');
    expect(() => statSync(path.join(dataDir, 'connections-encryption-keys'))).toThrow();
  });

  it('generates the provenance signing key once (0600) and reuses it', () => {
    const first = provenanceKeys({ PROVENANCE_SIGNING_KEYS: '' }, dataDir);
    expect(statSync(path.join(dataDir, 'provenance-signing-keys')).mode & 0o777).toBe(0o600);
    expect(provenanceKeys({ PROVENANCE_SIGNING_KEYS: '' }, dataDir)).toBe(first);
    expect(provenanceKeys({ PROVENANCE_SIGNING_KEYS: 'from-env' }, dataDir)).toBe('from-env');
  });
});
