import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Client } from 'pg';
import { pg } from './drivers';
import { type PlacementOptions, placeEmbeddedPostgres } from './embedded-postgres.placement';
import { initdb, startPostgres } from './embedded-postgres.server';
import { createLogger } from '../logging/logger';

const log = createLogger('embedded-postgres');

/** The password every data directory created before credentials were generated was given. */
const LEGACY_PASSWORD = 'embedded';
const SUPERUSER = 'postgres';
/** The role the services connect as: owns their database, is no superuser (no `COPY ... TO PROGRAM`). */
export const EMBEDDED_SERVICE_ROLE = 'policy_catalog';

interface Credentials {
  superuserPassword: string;
  servicePassword: string;
}

export interface EmbeddedPostgresHandle {
  port: number;
  /** Where the generated passwords are kept (mode 0600). */
  credentialsFile: string;
  /** Where PostgreSQL keeps its data (as root, possibly outside DATA_DIR: see placeEmbeddedPostgres). */
  dataDir: string;
  /** The folder of the binaries it runs (as root, possibly a cached copy). */
  binDir: string;
  /** Creates `database` (owned by the service role) when missing; returns the URL services connect with. */
  ensureDatabase(database: string): Promise<string>;
  /** The service role's URL of a database (not a superuser). */
  url(database: string): string;
  /** The superuser's URL: for creating databases (tests), never for services. */
  adminUrl(database: string): string;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions extends PlacementOptions {
  /** Default: a free loopback port. */
  port?: number;
}

/**
 * Starts a PostgreSQL server of its own (the npm package's binaries) on a free loopback port, with its
 * data in `dataDir`, which survives restarts. Two with different data directories run side by side.
 * As root it runs as the `postgres` user, from where that user can reach it (see placeEmbeddedPostgres:
 * a checkout in a closed home directory needs nothing more); what cannot work throws an
 * EmbeddedPostgresSetupError naming what to change.
 *
 * The superuser's password is random, generated on first start (a data directory from before, with the
 * old fixed password, gets a new one) and kept with the service role's in `<dataDir>.credentials.json`,
 * mode 0600. Services connect as `policy_catalog`, which owns their database and is not a superuser.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  options: EmbeddedPostgresOptions = {},
): Promise<EmbeddedPostgresHandle> {
  const databaseDir = path.resolve(dataDir);
  const credentialsFile = `${databaseDir}.credentials.json`;
  const chosenPort = options.port ?? (await freePort());
  const placement = placeEmbeddedPostgres(databaseDir, options);
  const initialised = existsSync(path.join(placement.dataDir, 'PG_VERSION'));
  const stored = readCredentials(credentialsFile);
  const credentials: Credentials = stored ?? {
    superuserPassword: secret(),
    servicePassword: secret(),
  };
  // initdb's password: a throw-away one (in a file only the database user reads), replaced at once.
  const bootstrapPassword = initialised ? LEGACY_PASSWORD : secret();
  if (!initialised) {
    log.info({ dataDir: placement.dataDir }, 'initialising the embedded PostgreSQL data directory');
    await initdb(placement.binDir, placement.dataDir, SUPERUSER, bootstrapPassword, placement.user);
  }
  const server = await startPostgres(placement.binDir, placement.dataDir, chosenPort, placement.user);
  const url = (user: string, password: string, database: string) =>
    `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${chosenPort}/${encodeURIComponent(database)}`;
  const adminUrl = (database: string) => url(SUPERUSER, credentials.superuserPassword, database);
  try {
    await secureRoles(
      chosenPort,
      stored ? [credentials.superuserPassword] : [bootstrapPassword, LEGACY_PASSWORD],
      credentials,
    );
    writeFileSync(credentialsFile, JSON.stringify(credentials), { mode: 0o600 });
    chmodSync(credentialsFile, 0o600);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return {
    port: chosenPort,
    credentialsFile,
    dataDir: placement.dataDir,
    binDir: placement.binDir,
    url: (database) => url(EMBEDDED_SERVICE_ROLE, credentials.servicePassword, database),
    adminUrl,
    ensureDatabase: async (database) => {
      await ensureOwnedDatabase(adminUrl, database);
      return url(EMBEDDED_SERVICE_ROLE, credentials.servicePassword, database);
    },
    stop: () => server.stop(),
  };
}

function secret(): string {
  return randomBytes(24).toString('base64url');
}

function readCredentials(file: string): Credentials | undefined {
  if (!existsSync(file)) return undefined;
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Credentials>;
  if (typeof parsed.superuserPassword !== 'string' || typeof parsed.servicePassword !== 'string') {
    throw new Error(`${file} is not a credentials file of the embedded PostgreSQL: remove it or restore it`);
  }
  return { superuserPassword: parsed.superuserPassword, servicePassword: parsed.servicePassword };
}

/**
 * Signs in as the superuser with the first password that works, sets the generated one, and creates
 * (or re-keys) the service role without superuser, role or database creation rights.
 */
async function secureRoles(port: number, candidates: string[], credentials: Credentials): Promise<void> {
  let client: Client | undefined;
  let lastError: unknown;
  for (const password of [...new Set([credentials.superuserPassword, ...candidates])]) {
    const attempt = new (pg().Client)({
      host: '127.0.0.1',
      port,
      user: SUPERUSER,
      password,
      database: 'postgres',
    });
    try {
      await attempt.connect();
      client = attempt;
      break;
    } catch (error) {
      lastError = error;
      await attempt.end().catch(() => undefined);
    }
  }
  if (!client) {
    throw new Error(
      `Cannot sign in to the embedded PostgreSQL as ${SUPERUSER}: its credentials file is missing or stale ` +
        `(${String(lastError)})`,
    );
  }
  try {
    await client.query(`ALTER ROLE ${SUPERUSER} PASSWORD ${literal(credentials.superuserPassword)}`);
    const role = await client.query(`SELECT 1 FROM pg_roles WHERE rolname = $1`, [EMBEDDED_SERVICE_ROLE]);
    const verb = role.rowCount === 0 ? 'CREATE' : 'ALTER';
    await client.query(
      `${verb} ROLE ${EMBEDDED_SERVICE_ROLE} LOGIN NOSUPERUSER NOCREATEROLE NOCREATEDB NOREPLICATION ` +
        `PASSWORD ${literal(credentials.servicePassword)}`,
    );
  } finally {
    await client.end();
  }
}

/**
 * The database, owned by the service role; one created before the role existed (owned by the superuser)
 * is handed over with everything in its own schemas.
 */
async function ensureOwnedDatabase(adminUrl: (database: string) => string, database: string): Promise<void> {
  const admin = new (pg().Client)({ connectionString: adminUrl('postgres') });
  await admin.connect();
  try {
    const found = await admin.query<{ owner: string }>(
      `SELECT pg_get_userbyid(datdba) AS owner FROM pg_database WHERE datname = $1`,
      [database],
    );
    if (found.rowCount === 0) {
      await admin.query(`CREATE DATABASE ${identifier(database)} OWNER ${EMBEDDED_SERVICE_ROLE}`);
      return;
    }
    if (found.rows[0].owner !== EMBEDDED_SERVICE_ROLE)
      await admin.query(`ALTER DATABASE ${identifier(database)} OWNER TO ${EMBEDDED_SERVICE_ROLE}`);
  } finally {
    await admin.end();
  }
  // Idempotent, and cheap when there is nothing left to hand over (a start interrupted half-way resumes).
  const inside = new (pg().Client)({ connectionString: adminUrl(database) });
  await inside.connect();
  try {
    await inside.query(`DO $$
      DECLARE r record;
      BEGIN
        FOR r IN SELECT nspname FROM pg_namespace
          WHERE nspname NOT LIKE 'pg\\_%' AND nspname NOT IN ('information_schema', 'public')
            AND nspowner = 'postgres'::regrole LOOP
          EXECUTE format('ALTER SCHEMA %I OWNER TO ${EMBEDDED_SERVICE_ROLE}', r.nspname);
        END LOOP;
        FOR r IN SELECT n.nspname, c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'
            AND c.relowner = 'postgres'::regrole AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
            -- a sequence owned by a column follows its table
            AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass
              AND d.objid = c.oid AND d.deptype IN ('a', 'i'))
          ORDER BY c.relkind = 'S' LOOP
          EXECUTE format('ALTER %s %I.%I OWNER TO ${EMBEDDED_SERVICE_ROLE}',
            CASE r.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW'
              WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END, r.nspname, r.relname);
        END LOOP;
      END $$`);
    log.debug({ database, owner: EMBEDDED_SERVICE_ROLE }, 'database owned by the service role');
  } finally {
    await inside.end();
  }
}

function literal(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

function identifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
