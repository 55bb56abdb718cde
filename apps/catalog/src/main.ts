import 'reflect-metadata';
import { busConfigFrom, loadEnv, setLogLevel, startService } from '@pc/platform';
import { CatalogEnv } from './catalog.env';
import { catalogService } from './index';

async function main(): Promise<void> {
  const env = loadEnv(CatalogEnv);
  setLogLevel(env.LOG_LEVEL);
  if (!env.NATS_URL)
    throw new Error('NATS_URL is required to run catalog alone (npm start runs everything in one process)');
  await startService(catalogService(env), busConfigFrom(env), { httpPort: env.PORT, exitOnSignal: true });
}

void main().catch((error: unknown) => {
  process.stderr.write(`catalog failed to start: ${String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
});
