import { catalogDatabase } from '@pc/catalog/database';
import { connectionsDatabase } from '@pc/connections/database';
import { deploymentsDatabase } from '@pc/deployments-store/database';
import { identityDatabase } from '@pc/identity/database';
import { rulesetsDatabase } from '@pc/rulesets/database';
import { createServiceDataSource, migrateServiceSchema } from '@pc/platform';
import { provisionNats, provisionPostgres, type Provisioned, uniqueName, withDatabase } from '@pc/testing';
import { workspacesDatabase } from '@pc/workspaces/database';
import { Client } from 'pg';

/** Every service's schema, migrated into the template database each test file clones. */
const SERVICE_DATABASES = [
  identityDatabase,
  catalogDatabase,
  rulesetsDatabase,
  connectionsDatabase,
  workspacesDatabase,
  deploymentsDatabase,
];

const state: { postgres?: Provisioned; nats?: Provisioned; template?: string } = {};

export async function globalSetup(): Promise<void> {
  process.env.LOG_LEVEL ??= 'warn';
  state.postgres = await provisionPostgres();
  state.nats = await provisionNats();
  state.template = uniqueName('pc_tpl');
  const admin = new Client({ connectionString: state.postgres.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${state.template}"`);
  } finally {
    await admin.end();
  }
  const templateUrl = withDatabase(state.postgres.url, state.template);
  for (const database of SERVICE_DATABASES) {
    const dataSource = createServiceDataSource({ ...database, url: templateUrl, poolSize: 1 });
    await dataSource.initialize();
    await migrateServiceSchema(dataSource, database.schema);
    await dataSource.destroy();
  }
  process.env.PC_TEST_POSTGRES_URL = state.postgres.url;
  process.env.PC_TEST_TEMPLATE_DB = state.template;
  process.env.PC_TEST_NATS_URL = state.nats.url;
}

export async function globalTeardown(): Promise<void> {
  if (state.postgres && state.template) {
    const admin = new Client({ connectionString: state.postgres.url });
    await admin.connect();
    try {
      // Test databases of this run, then the template.
      const { rows } = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE starts_with(datname, $1)`,
        [`${state.template}_`],
      );
      for (const row of rows)
        await admin.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`).catch(() => undefined);
      await admin.query(`DROP DATABASE IF EXISTS "${state.template}" WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  }
  await state.nats?.stop();
  await state.postgres?.stop();
}
