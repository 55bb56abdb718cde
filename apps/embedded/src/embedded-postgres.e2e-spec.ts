import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OwnPostgres } from '@pc/testing';
import { Client } from 'pg';

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
