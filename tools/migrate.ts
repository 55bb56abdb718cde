// Runs the pending migrations of one service (or all) against DATABASE_URL, then exits.
// Services also migrate at start; this is for operations that prefer a separate step.
import 'reflect-metadata';
import { catalogDatabase } from '@pc/catalog';
import { connectionsDatabase } from '@pc/connections';
import { deploymentsDatabase } from '@pc/deployments-store';
import { identityDatabase } from '@pc/identity';
import { rulesetsDatabase } from '@pc/rulesets';
import {
  createServiceDataSource,
  initializeDataSource,
  loadEnv,
  migrateServiceSchema,
  ServiceEnv,
  type ServiceDatabaseOptions,
} from '@pc/platform';
import { workspacesDatabase } from '@pc/workspaces';

const SERVICES: Record<string, Omit<ServiceDatabaseOptions, 'url'>> = {
  identity: identityDatabase,
  catalog: catalogDatabase,
  connections: connectionsDatabase,
  workspaces: workspacesDatabase,
  deployments: deploymentsDatabase,
  rulesets: rulesetsDatabase,
};

async function main(): Promise<void> {
  const url = loadEnv(ServiceEnv).DATABASE_URL;
  const wanted = process.argv.slice(2);
  const names = wanted.length > 0 ? wanted : Object.keys(SERVICES);
  const unknown = names.filter((n) => !(n in SERVICES));
  if (unknown.length > 0)
    throw new Error(`Unknown service(s): ${unknown.join(', ')}; known: ${Object.keys(SERVICES).join(', ')}`);
  for (const name of names) {
    const dataSource = createServiceDataSource({ ...SERVICES[name], url, poolSize: 2 });
    await initializeDataSource(dataSource, url);
    await migrateServiceSchema(dataSource, SERVICES[name].schema);
    await dataSource.destroy();
    console.log(`${name}: up to date`);
  }
}

void main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
