import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { createServiceDataSource } from '@pc/platform';
import { createTestDatabase, type TestDatabase } from '@pc/testing';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { connectionsDatabase } from '../database/connections.datasource';
import { reencryptSecrets } from './reencrypt';
import { generateKeyRingEntry, parseKeyRing, SecretBox } from './secret-box';

describe('re-encrypting stored secrets under the newest key', () => {
  let db: TestDatabase;
  let dataSource: DataSource;
  const oldKey = generateKeyRingEntry('old');
  const newKey = generateKeyRingEntry('new');
  const before = new SecretBox(parseKeyRing(oldKey));
  const during = new SecretBox(parseKeyRing(`${newKey},${oldKey}`));
  const after = new SecretBox(parseKeyRing(newKey));

  beforeAll(async () => {
    db = await createTestDatabase();
    dataSource = createServiceDataSource({ ...connectionsDatabase, url: db.url, poolSize: 2 });
    await dataSource.initialize();
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  async function insert(box: SecretBox, secret: string): Promise<string> {
    const id = randomUUID();
    const sealed = box.seal(id, secret);
    await dataSource.query(
      `INSERT INTO connections.connections (id, owner_id, name, host, client_id, organization_id, secret_key_id, secret_ciphertext)
       VALUES ($1, $2, 'c', 'us', 'client', 'org1', $3, $4)`,
      [id, randomUUID(), sealed.keyId, sealed.ciphertext],
    );
    return id;
  }

  async function stored(id: string): Promise<{ secret_key_id: string; secret_ciphertext: Buffer }> {
    const [row] = await dataSource.query(
      `SELECT secret_key_id, secret_ciphertext FROM connections.connections WHERE id = $1`,
      [id],
    );
    return row;
  }

  it('moves every row to the newest key in resumable batches, after which the old key can go', async () => {
    const ids = await Promise.all(['s1', 's2', 's3', 's4', 's5'].map((s) => insert(before, `secret-${s}`)));
    const partial = await reencryptSecrets(dataSource, during, { batchSize: 2, maxBatches: 1 });
    expect(partial.reencrypted).toBe(2);
    expect(partial.remaining).toBeGreaterThanOrEqual(3);
    const rest = await reencryptSecrets(dataSource, during, { batchSize: 2 });
    expect(rest.remaining).toBe(0);
    for (const [i, id] of ids.entries()) {
      const row = await stored(id);
      expect(row.secret_key_id).toBe('new');
      expect(after.open(id, { keyId: row.secret_key_id, ciphertext: row.secret_ciphertext })).toBe(
        `secret-s${i + 1}`,
      );
    }
    expect((await reencryptSecrets(dataSource, during)).reencrypted).toBe(0);
  });

  it('leaves and reports a row whose ciphertext was copied from another connection: it does not decrypt', async () => {
    const source = await insert(before, 'the-real-secret');
    const target = await insert(before, 'other-secret');
    await dataSource.query(
      `UPDATE connections.connections t SET secret_ciphertext = s.secret_ciphertext
         FROM connections.connections s WHERE s.id = $1 AND t.id = $2`,
      [source, target],
    );
    const copied = await stored(target);
    expect(() =>
      before.open(target, { keyId: copied.secret_key_id, ciphertext: copied.secret_ciphertext }),
    ).toThrow(/does not decrypt/);
    const result = await reencryptSecrets(dataSource, during);
    expect(result.failed).toEqual([target]);
    expect((await stored(target)).secret_key_id).toBe('old');
    expect((await stored(source)).secret_key_id).toBe('new');
  });
});

const ROOT = path.join(__dirname, '..', '..', '..', '..');

/** `npm run reencrypt-connections` as an operator runs it: its exit code and what it printed. */
function reencryptTool(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['-r', './tools/register.js', 'tools/reencrypt-connections.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
}

/** A row a concurrent writer holds (a credential change under way): `release` commits its transaction. */
async function lockRow(url: string, id: string): Promise<{ release: () => Promise<void> }> {
  const writer = new Client({ connectionString: url });
  await writer.connect();
  await writer.query('BEGIN');
  await writer.query('SELECT id FROM connections.connections WHERE id = $1 FOR UPDATE', [id]);
  return {
    release: async () => {
      await writer.query('COMMIT');
      await writer.end();
    },
  };
}

/** A rotation under way while the service serves: rows a concurrent change holds are not left behind unsaid. */
describe('re-encrypting while a concurrent change holds a row', () => {
  let db: TestDatabase;
  let dataSource: DataSource;
  const oldKey = generateKeyRingEntry('old');
  const newKey = generateKeyRingEntry('new');
  const before = new SecretBox(parseKeyRing(oldKey));
  const during = new SecretBox(parseKeyRing(`${newKey},${oldKey}`));

  beforeAll(async () => {
    db = await createTestDatabase();
    dataSource = createServiceDataSource({ ...connectionsDatabase, url: db.url, poolSize: 2 });
    await dataSource.initialize();
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  async function insert(secret: string): Promise<string> {
    const id = randomUUID();
    const sealed = before.seal(id, secret);
    await dataSource.query(
      `INSERT INTO connections.connections (id, owner_id, name, host, client_id, organization_id, secret_key_id, secret_ciphertext)
       VALUES ($1, $2, 'c', 'us', 'client', 'org1', $3, $4)`,
      [id, randomUUID(), sealed.keyId, sealed.ciphertext],
    );
    return id;
  }

  it('says "not finished: run again" and exits 2 while a row stays locked, and "done" with 0 once it is moved', async () => {
    await insert('secret-1');
    const held = await insert('secret-2');
    await insert('secret-3');
    const lock = await lockRow(db.url, held);
    const env = { CONNECTIONS_ENCRYPTION_KEYS: `${newKey},${oldKey}`, DATABASE_URL: db.url };
    let first;
    try {
      first = await reencryptTool(env);
    } finally {
      await lock.release();
    }
    expect(first.code).toBe(2);
    expect(first.output).toMatch(
      /not finished: run again: 2 re-encrypted under new, 1 still under an old key/,
    );
    expect(first.output).not.toMatch(/^done/m);
    const second = await reencryptTool(env);
    expect(second.code).toBe(0);
    expect(second.output).toMatch(/^done: 1 re-encrypted under new; no secret is left under an old key$/m);
  });

  it('tries a row held for a moment again, and moves it', async () => {
    const held = await insert('secret-held');
    const lock = await lockRow(db.url, held);
    const released = new Promise((resolve) => setTimeout(resolve, 300)).then(() => lock.release());
    const result = await reencryptSecrets(dataSource, during, { retryDelaysMs: [200, 400, 800] });
    await released;
    expect(result).toEqual({ reencrypted: 1, failed: [], remaining: 0 });
  });
});
