import type { DataSource, MixedList } from 'typeorm';
import { pg, typeorm } from './drivers';
import { DEFAULT_MIGRATIONS_LOCK_WAIT_MS } from '../config/env';
import { createLogger } from '../logging/logger';

const log = createLogger('database');

export interface ServiceDatabaseOptions {
  url: string;
  /** The one schema this service owns; it reads and writes nothing else. */
  schema: string;
  /**
   * None: repositories write SQL with typed rows on the DataSource/EntityManager (docs/architecture.md,
   * "Persistence"). Only an empty list is accepted.
   */
  entities?: [];
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
  poolSize?: number;
  /** How long migrations at start wait for another process's (the `MIGRATIONS_LOCK_WAIT_MS` setting). */
  migrationsLockWaitMs?: number;
}

export function createServiceDataSource(options: ServiceDatabaseOptions): DataSource {
  return new (typeorm().DataSource)({
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: [],
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
    // Migrations hold one connection for the advisory lock and run on another.
    extra: {
      max: Math.max(2, options.poolSize ?? 10),
      application_name: `policy-catalog:${options.schema}`,
      // A request waits at most this long for a connection (then 503), and a transaction left idle
      // (a bug, a stuck caller) is ended by the server instead of holding its connection for ever.
      connectionTimeoutMillis: 10_000,
      idle_in_transaction_session_timeout: 60_000,
    },
  });
}

/**
 * The advisory lock every service's migrations take, one for the whole database: replicas of a service
 * starting together migrate once, and services migrating a fresh database at the same time (migration
 * Jobs in parallel, `tools/migrate.ts` beside a starting service) run one after the other. What they
 * share beyond their own schemas (extensions such as `pg_trgm`, created by more than one service with
 * `CREATE EXTENSION IF NOT EXISTS`, which two transactions at once make collide on the catalog's unique
 * index) is then never created twice at once.
 */
export const MIGRATIONS_LOCK = 'policy-catalog:migrations';

/**
 * Creates the schema and runs the service's pending migrations, under `MIGRATIONS_LOCK`. A service with
 * none pending (a replica of a migrated version) takes no lock: migrations are only ever added, each
 * committed with its row in the migrations table, so once every one of ours has its row there is nothing
 * left to do, whoever migrates at the same time. With some pending, the lock is waited for at most
 * `lockWaitMs` (logging who holds it), and the pending ones are run under it (those another process
 * applied meanwhile are skipped).
 */
export async function migrateServiceSchema(
  dataSource: DataSource,
  schema: string,
  { lockWaitMs = DEFAULT_MIGRATIONS_LOCK_WAIT_MS }: { lockWaitMs?: number } = {},
): Promise<void> {
  if (!(await hasPendingMigrations(dataSource, schema))) return;
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  let locked = false;
  try {
    await takeMigrationsLock(runner, schema, lockWaitMs);
    locked = true;
    await runner.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    if (applied.length > 0)
      log.info({ schema, migrations: applied.map((m) => m.name) }, 'migrations applied');
  } finally {
    if (locked)
      await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [MIGRATIONS_LOCK]).catch(() => undefined);
    await runner.release();
  }
}

/** Whether one of the data source's migrations has no row in the schema's migrations table (or no table). */
async function hasPendingMigrations(dataSource: DataSource, schema: string): Promise<boolean> {
  if (dataSource.migrations.length === 0) return false;
  const [table] = await dataSource.query<Array<{ name: string | null }>>('SELECT to_regclass($1) AS name', [
    `"${schema}"."migrations"`,
  ]);
  if (!table?.name) return true;
  const rows = await dataSource.query<Array<{ name: string }>>(`SELECT name FROM "${schema}"."migrations"`);
  const applied = new Set(rows.map((r) => r.name));
  return dataSource.migrations.some((m) => !applied.has(m.name ?? m.constructor.name));
}

/** `MIGRATIONS_LOCK` on the runner's session, tried every half second; past `waitMs` an error says who holds it. */
async function takeMigrationsLock(
  runner: { query(sql: string, parameters?: unknown[]): Promise<unknown> },
  schema: string,
  waitMs: number,
): Promise<void> {
  const started = Date.now();
  let holder: string | undefined;
  for (;;) {
    const [row] = (await runner.query('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [
      MIGRATIONS_LOCK,
    ])) as Array<{ locked: boolean }>;
    const waited = Date.now() - started;
    if (row?.locked) {
      if (holder !== undefined) log.info({ schema, waitedMs: waited }, 'migrations lock taken');
      return;
    }
    if (holder === undefined) {
      holder = await migrationsLockHolder(runner);
      log.warn({ schema, holder, waitMs: waitMs }, 'waiting for the migrations lock');
    }
    if (waited >= waitMs)
      throw new Error(
        `Gave up waiting for the migrations lock after ${Math.round(waited / 1000)} s: ${holder} holds it ` +
          `(migrations of another service or replica, or a migration Job, still running). The ${schema} ` +
          'migrations did not run; start the service again once they end.',
      );
    await new Promise((resolve) => setTimeout(resolve, Math.min(500, waitMs - waited)));
  }
}

/**
 * Who holds `MIGRATIONS_LOCK` in this database, as PostgreSQL shows it (the application name is
 * `policy-catalog:<schema>`). Advisory locks are per database, and `pg_locks` lists the whole server's:
 * another database's migrations (another environment on a shared server) hold the same key.
 */
async function migrationsLockHolder(runner: {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}): Promise<string> {
  const rows = (await runner
    .query(
      `SELECT a.pid, a.application_name, host(a.client_addr) AS client_addr
         FROM pg_locks l LEFT JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
          AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND ((l.classid::bigint << 32) | l.objid::bigint) = hashtext($1)::bigint`,
      [MIGRATIONS_LOCK],
    )
    .catch(() => [])) as Array<{ pid: number; application_name: string | null; client_addr: string | null }>;
  const [found] = rows;
  if (!found) return 'another session';
  const name = found.application_name ? `"${found.application_name}"` : 'a session';
  return `${name} (PostgreSQL process ${found.pid}${found.client_addr ? ` from ${found.client_addr}` : ''})`;
}

/**
 * Connects the data source. A database that does not exist is never created here (a mistyped
 * DATABASE_URL would otherwise give a replica an empty catalog): the error names it.
 */
export async function initializeDataSource(dataSource: DataSource, url: string): Promise<void> {
  try {
    await dataSource.initialize();
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code !== '3D000') throw error;
    const target = new URL(url);
    const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
    throw new Error(
      `Database "${name}" does not exist on ${target.hostname}:${target.port || '5432'} (DATABASE_URL). ` +
        'Check DATABASE_URL, or create the database first; services never create one.',
    );
  }
}

/** Creates the database named in the URL when it does not exist yet: embedded mode and tests only. */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!name) return;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new (pg().Client)({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`).catch((error: unknown) => {
        // Another process may have created it in the meantime.
        if (!/already exists/.test(String(error))) throw error;
      });
    }
  } finally {
    await client.end();
  }
}
