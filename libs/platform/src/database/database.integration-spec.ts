import { type PingResult, rpc } from '@pc/contracts';
import {
  createTestDatabase,
  type TestDatabase,
  testBus,
  testEnv,
  uniqueName,
  withDatabase,
} from '@pc/testing';
import { Client } from 'pg';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { type RunningService, startService } from '../bootstrap/service';
import { createServiceDataSource, MIGRATIONS_LOCK, migrateServiceSchema } from './database';
import { DatabaseModule } from './database.module';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Ends every session on the database and refuses new ones (PostgreSQL cut, for this database only). */
async function cutDatabase(url: string, allow: boolean): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new Client({ connectionString: testEnv().postgresUrl });
  await admin.connect();
  try {
    await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS ${allow ? 'true' : 'false'}`);
    if (!allow)
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
  } finally {
    await admin.end();
  }
}

/**
 * A deployment worker (another process on a service's schema, `DatabaseModule.forWorker`) is ready only
 * while its database answers, as every service: with the database cut its /health/ready answered 200
 * with the bus alone, and the cluster kept sending it nothing it could do.
 */
describe('a worker on a service schema: readiness', () => {
  let db: TestDatabase;
  let worker: RunningService;

  beforeAll(async () => {
    db = await createTestDatabase();
    worker = await startService(
      {
        name: 'test-worker',
        ping: rpc<Record<string, never>, PingResult>('test.worker.ping.v1'),
        module: DatabaseModule.forWorker({ url: db.url, schema: 'public', migrations: [], poolSize: 2 }),
      },
      testBus('nats'),
      { httpPort: 0, host: '127.0.0.1' },
    );
  });
  afterAll(async () => {
    await worker?.close();
    await cutDatabase(db.url, true).catch(() => undefined);
    await db?.drop();
  });

  const ready = async () => {
    const response = await fetch(`${worker.url}/health/ready`);
    return { status: response.status, body: (await response.json()) as Json };
  };

  it('names its database in /health/ready, and answers 503 while the database is cut', async () => {
    const up = await ready();
    expect(up.status).toBe(200);
    expect(up.body.checks).toEqual({ database: 'ok', bus: 'ok' });

    await cutDatabase(db.url, false);
    const down = await ready();
    expect(down.status).toBe(503);
    expect(down.body.details.database).not.toBe('ok');
    expect(down.body.details.bus).toBe('ok');

    await cutDatabase(db.url, true);
    expect((await ready()).status).toBe(200);
  });
});

class LockTestInit1700000000000 implements MigrationInterface {
  name = 'LockTestInit1700000000000';
  async up(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE TABLE lock_test.first (id int)');
  }
  async down(): Promise<void> {}
}

class LockTestMore1700000000001 implements MigrationInterface {
  name = 'LockTestMore1700000000001';
  async up(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE TABLE lock_test.second (id int)');
  }
  async down(): Promise<void> {}
}

/** `promise`'s outcome, or "still waiting" once `ms` have passed. */
async function settledWithin<T>(
  promise: Promise<T>,
  ms: number,
): Promise<{ value?: T; error?: Error } | 'still waiting'> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise.then(
        (value) => ({ value }),
        (error: Error) => ({ error }),
      ),
      new Promise<'still waiting'>((resolve) => {
        timer = setTimeout(() => resolve('still waiting'), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Migrations at start wait for the one migrations lock of the database while another process holds it
 * (another service's migrations, a migration Job). A replica stuck there has no /health/live, and the
 * startupProbe killed every starting service, having logged nothing, while a long migration ran.
 */
describe('migrations at start while another session holds the migrations lock', () => {
  let db: TestDatabase;
  let holder: Client;
  const sources: Array<{ destroy(): Promise<void> }> = [];

  const source = async (migrations: Array<new () => MigrationInterface>) => {
    const dataSource = createServiceDataSource({ url: db.url, schema: 'lock_test', migrations, poolSize: 2 });
    await dataSource.initialize();
    sources.push(dataSource);
    return dataSource;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    await migrateServiceSchema(await source([LockTestInit1700000000000]), 'lock_test');
    holder = new Client({ connectionString: db.url, application_name: 'policy-catalog:lock-holder' });
    await holder.connect();
    await holder.query('SELECT pg_advisory_lock(hashtext($1))', [MIGRATIONS_LOCK]);
  });
  afterAll(async () => {
    await holder?.end();
    for (const s of sources) await s.destroy();
    await db?.drop();
  });

  it('starts at once a replica with no migration pending', async () => {
    const migrated = await source([LockTestInit1700000000000]);
    expect(
      await settledWithin(migrateServiceSchema(migrated, 'lock_test', { lockWaitMs: 60_000 }), 5000),
    ).toEqual({
      value: undefined,
    });
  });

  it('with migrations pending, waits at most its setting and stops naming who holds the lock', async () => {
    const behind = await source([LockTestInit1700000000000, LockTestMore1700000000001]);
    const started = Date.now();
    const outcome = await settledWithin(
      migrateServiceSchema(behind, 'lock_test', { lockWaitMs: 1000 }),
      5000,
    );
    expect(outcome).not.toBe('still waiting');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    const { error } = outcome as { error?: Error };
    expect(error?.message).toMatch(/Gave up waiting for the migrations lock after 1 s/);
    expect(error?.message).toContain('"policy-catalog:lock-holder"');
    const tables = await behind.query(
      "SELECT 1 FROM pg_tables WHERE schemaname = 'lock_test' AND tablename = 'second'",
    );
    expect(tables).toHaveLength(0);
  });

  it('names the holder in its own database, not a session holding the same lock in another database', async () => {
    // Advisory locks are per database: on a server shared by several environments (or test runs), the
    // other databases' migrations hold the same lock at the same time, and the message named one of them.
    const others: Array<{ name: string; client: Client }> = [];
    const admin = new Client({ connectionString: testEnv().postgresUrl });
    await admin.connect();
    try {
      for (let n = 0; n < 5; n++) {
        const name = uniqueName('pc_other');
        await admin.query(`CREATE DATABASE "${name}"`);
        const client = new Client({
          connectionString: withDatabase(testEnv().postgresUrl, name),
          application_name: 'policy-catalog:other-database',
        });
        others.push({ name, client });
        await client.connect();
        await client.query('SELECT pg_advisory_lock(hashtext($1))', [MIGRATIONS_LOCK]);
      }
      const behind = await source([LockTestInit1700000000000, LockTestMore1700000000001]);
      const error = await migrateServiceSchema(behind, 'lock_test', { lockWaitMs: 0 }).catch((e: Error) => e);
      expect((error as Error).message).toContain('"policy-catalog:lock-holder"');
    } finally {
      for (const other of others) {
        await other.client.end();
        await admin.query(`DROP DATABASE IF EXISTS "${other.name}" WITH (FORCE)`);
      }
      await admin.end();
    }
  });

  it('with migrations pending, runs them once the lock is released within its setting', async () => {
    const behind = await source([LockTestInit1700000000000, LockTestMore1700000000001]);
    const migrating = migrateServiceSchema(behind, 'lock_test', { lockWaitMs: 30_000 });
    await new Promise((resolve) => setTimeout(resolve, 700));
    await holder.query('SELECT pg_advisory_unlock(hashtext($1))', [MIGRATIONS_LOCK]);
    await migrating;
    const tables = await behind.query(
      "SELECT 1 FROM pg_tables WHERE schemaname = 'lock_test' AND tablename = 'second'",
    );
    expect(tables).toHaveLength(1);
  });
});
