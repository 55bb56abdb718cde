import { Client } from 'pg';
import { randomBytes } from 'node:crypto';
import { createServiceDataSource, Database } from '@pc/platform';
import type { DataSource } from 'typeorm';
import { uniqueName, withDatabase } from './infra';

/** Set by the Jest global set-up for every worker. */
export function testEnv(): { postgresUrl: string; templateDatabase: string; natsUrl: string } {
  const postgresUrl = process.env.PC_TEST_POSTGRES_URL;
  const templateDatabase = process.env.PC_TEST_TEMPLATE_DB;
  const natsUrl = process.env.PC_TEST_NATS_URL;
  if (!postgresUrl || !templateDatabase || !natsUrl) {
    throw new Error('Run the tests through Jest (npm test): the global set-up provides PostgreSQL and NATS');
  }
  return { postgresUrl, templateDatabase, natsUrl };
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh database cloned from the migrated template: each test file gets its own, so files run in
 * parallel with no clean-up between tests.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const { postgresUrl, templateDatabase } = testEnv();
  const name = `${templateDatabase}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    // Two clones of one template at the same instant can collide ("being accessed by other users").
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${templateDatabase}"`);
        break;
      } catch (error) {
        if (attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(postgresUrl, name),
    drop: async () => {
      const client = new Client({ connectionString: postgresUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A subject prefix of its own, so that parallel test files share one NATS without crosstalk. */
export function uniqueBusPrefix(): string {
  return `${uniqueName('t')}.`;
}

export interface TestSchema {
  /** TypeORM's data source, for a test's own checks in SQL. */
  dataSource: DataSource;
  /** What the repositories take their executor from (`pool`, `transaction`). */
  database: Database;
  /** Closes the connections and drops the database. */
  close(): Promise<void>;
}

/**
 * A fresh test database (`createTestDatabase`) opened on one service's schema, for tests of its
 * repositories: TypeORM's data source (for a test's own checks) and the `Database` the repositories take
 * their executor from. Never migrates: the template is migrated once per run.
 */
export async function openTestSchema(schema: string, poolSize = 10): Promise<TestSchema> {
  const db = await createTestDatabase();
  const dataSource = createServiceDataSource({ url: db.url, schema, entities: [], migrations: [], poolSize });
  await dataSource.initialize();
  return {
    dataSource,
    database: new Database(dataSource),
    close: async () => {
      await dataSource.destroy();
      await db.drop();
    },
  };
}
