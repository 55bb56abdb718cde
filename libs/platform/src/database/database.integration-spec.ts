import { type PingResult, rpc } from '@pc/contracts';
import { createTestDatabase, type TestDatabase, testBus, testEnv } from '@pc/testing';
import { Client } from 'pg';
import { type RunningService, startService } from '../bootstrap/service';
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
