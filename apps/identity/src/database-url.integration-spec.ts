import { spawn } from 'node:child_process';
import path from 'node:path';
import { generateKeyRingEntry, generateSigningKeyEntry } from '@pc/platform';
import { testEnv, uniqueName, withDatabase } from '@pc/testing';
import { Client } from 'pg';

const ROOT = path.resolve(__dirname, '../../..');

/** `npm run start:<app>` with the given variables: its exit code and what it wrote to stderr. */
function runApp(app: string, env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-r', './tools/register.js', `apps/${app}/src/main.ts`], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'error', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => resolve({ code, stderr }));
  });
}

/** What each service needs besides the database and the bus to get as far as its database. */
const SERVICES: Array<[string, () => Record<string, string>]> = [
  ['identity', () => ({ WEBHOOKS_ENCRYPTION_KEYS: generateKeyRingEntry('w1') })],
  ['deployments', () => ({ PROVENANCE_SIGNING_KEYS: generateSigningKeyEntry('p1') })],
];

describe('a DATABASE_URL naming a database that does not exist', () => {
  it.each(SERVICES)(
    'stops %s at start with a message naming the database, and creates nothing',
    async (app, keys) => {
      const { postgresUrl, natsUrl } = testEnv();
      const missing = uniqueName('pc_mistyped');

      const { code, stderr } = await runApp(app, {
        DATABASE_URL: withDatabase(postgresUrl, missing),
        NATS_URL: natsUrl,
        BUS_SUBJECT_PREFIX: `${missing}.`,
        ...keys(),
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
    },
  );
});
