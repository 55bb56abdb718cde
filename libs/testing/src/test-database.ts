import { Client } from 'pg';
import { randomBytes } from 'node:crypto';
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
