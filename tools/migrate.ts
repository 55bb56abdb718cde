// Runs the pending migrations of one service (or all) against DATABASE_URL, then exits.
// Services also migrate at start; this is for operations that prefer a separate step.
import 'reflect-metadata';
import {
  createServiceDataSource,
  initializeDataSource,
  loadEnv,
  migrateServiceSchema,
  ServiceEnv,
  type ServiceDatabaseOptions,
} from '@pc/platform';

type ServiceDatabase = Omit<ServiceDatabaseOptions, 'url'>;

// Each service's schema and migrations alone (`@pc/<service>/database`), loaded only for the services
// asked for: a service's index pulls in the whole service, and the Job migrating one schema (256Mi)
// loaded all six of them.
const SERVICES: Record<string, () => Promise<ServiceDatabase>> = {
  identity: async () => (await import('@pc/identity/database')).identityDatabase,
  catalog: async () => (await import('@pc/catalog/database')).catalogDatabase,
  connections: async () => (await import('@pc/connections/database')).connectionsDatabase,
  workspaces: async () => (await import('@pc/workspaces/database')).workspacesDatabase,
  deployments: async () => (await import('@pc/deployments-store/database')).deploymentsDatabase,
  rulesets: async () => (await import('@pc/rulesets/database')).rulesetsDatabase,
};

async function main(): Promise<void> {
  const { DATABASE_URL: url, MIGRATIONS_LOCK_WAIT_MS: lockWaitMs } = loadEnv(ServiceEnv);
  const wanted = process.argv.slice(2);
  const names = wanted.length > 0 ? wanted : Object.keys(SERVICES);
  const unknown = names.filter((n) => !(n in SERVICES));
  if (unknown.length > 0)
    throw new Error(`Unknown service(s): ${unknown.join(', ')}; known: ${Object.keys(SERVICES).join(', ')}`);
  for (const name of names) {
    const database = await SERVICES[name]();
    const dataSource = createServiceDataSource({ ...database, url, poolSize: 2 });
    await initializeDataSource(dataSource, url);
    await migrateServiceSchema(dataSource, database.schema, { lockWaitMs });
    await dataSource.destroy();
    console.log(`${name}: up to date`);
  }
}

void main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
