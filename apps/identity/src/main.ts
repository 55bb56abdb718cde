import 'reflect-metadata';
import { busConfigFrom, loadEnv, setLogLevel, startService } from '@pc/platform';
import { IdentityEnv } from './identity.env';
import { identityService } from './index';

async function main(): Promise<void> {
  const env = loadEnv(IdentityEnv);
  setLogLevel(env.LOG_LEVEL);
  if (!env.NATS_URL)
    throw new Error('NATS_URL is required to run identity alone (npm start runs everything in one process)');
  await startService(identityService(env), busConfigFrom(env), { httpPort: env.PORT, exitOnSignal: true });
}

void main().catch((error: unknown) => {
  process.stderr.write(`identity failed to start: ${String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
});
