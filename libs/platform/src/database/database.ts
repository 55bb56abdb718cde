import type { DataSource, MixedList } from 'typeorm';
import { pg, typeorm } from './drivers';
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

/** Creates the schema and runs the service's pending migrations, under `MIGRATIONS_LOCK`. */
export async function migrateServiceSchema(dataSource: DataSource, schema: string): Promise<void> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [MIGRATIONS_LOCK]);
    await runner.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    if (applied.length > 0)
      log.info({ schema, migrations: applied.map((m) => m.name) }, 'migrations applied');
  } finally {
    await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [MIGRATIONS_LOCK]).catch(() => undefined);
    await runner.release();
  }
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
