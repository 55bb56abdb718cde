import 'reflect-metadata';
import { busConfigFrom, loadEnv, setLogLevel, startService } from '@pc/platform';
import { ConnectionsEnv } from './connections.env';
import { connectionsService } from './index';

async function main(): Promise<void> {
  // Refuses to start without CONNECTIONS_ENCRYPTION_KEYS (loadEnv names it).
  const env = loadEnv(ConnectionsEnv);
  setLogLevel(env.LOG_LEVEL);
  if (!env.NATS_URL)
    throw new Error(
      'NATS_URL is required to run connections alone (npm start runs everything in one process)',
    );
  await startService(connectionsService(env), busConfigFrom(env), { httpPort: env.PORT, exitOnSignal: true });
}

void main().catch((error: unknown) => {
  process.stderr.write(
    `connections failed to start: ${String(error instanceof Error ? error.message : error)}\n`,
  );
  process.exit(1);
});
