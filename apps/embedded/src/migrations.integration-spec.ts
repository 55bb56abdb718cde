import { catalogDatabase } from '@pc/catalog';
import { connectionsDatabase } from '@pc/connections';
import { identityDatabase } from '@pc/identity';
import { createServiceDataSource, migrateServiceSchema } from '@pc/platform';
import { rulesetsDatabase } from '@pc/rulesets';
import { testEnv, uniqueName, withDatabase } from '@pc/testing';
import { workspacesDatabase } from '@pc/workspaces';
import { Client } from 'pg';

const SERVICES = [
  identityDatabase,
  catalogDatabase,
  rulesetsDatabase,
  connectionsDatabase,
  workspacesDatabase,
];

/** Every service's migrations run on an empty database, undo completely, and run again. */
describe.each(SERVICES.map((s) => [s.schema, s] as const))('the %s migrations', (schema, database) => {
  const name = uniqueName('pc_mig');
  let admin: Client;

  beforeAll(async () => {
    admin = new Client({ connectionString: testEnv().postgresUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
  });

  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  });

  it('apply on an empty database, revert every step with down, and apply again', async () => {
    const url = withDatabase(testEnv().postgresUrl, name);
    const dataSource = createServiceDataSource({ ...database, url, poolSize: 2 });
    await dataSource.initialize();
    try {
      await migrateServiceSchema(dataSource, schema);
      const tables = await tablesOf(dataSource.query.bind(dataSource), schema);
      expect(tables.length).toBeGreaterThan(0);
      for (let i = 0; i < database.migrations.length; i++)
        await dataSource.undoLastMigration({ transaction: 'each' });
      expect(await tablesOf(dataSource.query.bind(dataSource), schema)).toEqual(['migrations']);
      await migrateServiceSchema(dataSource, schema);
      expect(await tablesOf(dataSource.query.bind(dataSource), schema)).toEqual(tables);
    } finally {
      await dataSource.destroy();
    }
  });
});

async function tablesOf(
  query: (sql: string, params: unknown[]) => Promise<unknown>,
  schema: string,
): Promise<string[]> {
  const rows = (await query(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name`,
    [schema],
  )) as Array<{ table_name: string }>;
  return rows.map((r) => r.table_name);
}

/**
 * Migration Jobs may start together on a fresh database: catalog and rulesets both create the `pg_trgm`
 * extension, which two transactions at once make collide. Each round is a new empty database.
 */
describe('the catalog and rulesets migrations started at once on an empty database', () => {
  const ROUNDS = 4;
  const names: string[] = [];
  let admin: Client;

  beforeAll(async () => {
    admin = new Client({ connectionString: testEnv().postgresUrl });
    await admin.connect();
  });

  afterAll(async () => {
    for (const name of names) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  });

  it(`both succeed, ${ROUNDS} rounds out of ${ROUNDS}`, async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const name = uniqueName('pc_mig');
      names.push(name);
      await admin.query(`CREATE DATABASE "${name}"`);
      const url = withDatabase(testEnv().postgresUrl, name);
      const sources = [catalogDatabase, rulesetsDatabase].map((database) =>
        createServiceDataSource({ ...database, url, poolSize: 2 }),
      );
      await Promise.all(sources.map((s) => s.initialize()));
      try {
        const settled = await Promise.allSettled(
          sources.map((source, i) =>
            migrateServiceSchema(source, [catalogDatabase, rulesetsDatabase][i].schema),
          ),
        );
        outcomes.push(settled.map((s) => (s.status === 'fulfilled' ? 'ok' : String(s.reason))).join(' | '));
      } finally {
        await Promise.all(sources.map((s) => s.destroy()));
      }
    }
    expect(outcomes).toEqual(Array.from({ length: ROUNDS }, () => 'ok | ok'));
  });
});
