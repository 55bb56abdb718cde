import 'reflect-metadata';
import { busConfigFrom, loadEnv, setLogLevel, startService } from '@pc/platform';
import { DeploymentsEnv } from './deployments.env';
import { deploymentsService } from './index';

async function main(): Promise<void> {
  const env = loadEnv(DeploymentsEnv);
  setLogLevel(env.LOG_LEVEL);
  if (!env.NATS_URL)
    throw new Error(
      'NATS_URL is required to run deployments alone (npm start runs everything in one process)',
    );
  await startService(deploymentsService(env), busConfigFrom(env), { httpPort: env.PORT, exitOnSignal: true });
}

void main().catch((error: unknown) => {
  process.stderr.write(
    `deployments failed to start: ${String(error instanceof Error ? error.message : error)}\n`,
  );
  process.exit(1);
});
