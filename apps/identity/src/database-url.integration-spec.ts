import { spawn } from 'node:child_process';
import path from 'node:path';
import { generateKeyRingEntry } from '@pc/platform';
import { testEnv, uniqueName, withDatabase } from '@pc/testing';
import { Client } from 'pg';

const ROOT = path.resolve(__dirname, '../../..');

/** `npm run start:identity` with the given variables: its exit code and what it wrote to stderr. */
function runIdentity(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-r', './tools/register.js', 'apps/identity/src/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'error', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => resolve({ code, stderr }));
  });
}

describe('a DATABASE_URL naming a database that does not exist', () => {
  it('stops the service at start with a message naming the database, and creates nothing', async () => {
    const { postgresUrl, natsUrl } = testEnv();
    const missing = uniqueName('pc_mistyped');

    const { code, stderr } = await runIdentity({
      DATABASE_URL: withDatabase(postgresUrl, missing),
      NATS_URL: natsUrl,
      BUS_SUBJECT_PREFIX: `${missing}.`,
      WEBHOOKS_ENCRYPTION_KEYS: generateKeyRingEntry('w1'),
    });

    expect(code).toBe(1);
    expect(stderr).toContain(`Database "${missing}" does not exist`);
    const admin = new Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [missing]);
      expect(found.rowCount).toBe(0);
    } finally {
      await admin.end();
    }
  });
});
