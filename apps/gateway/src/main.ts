import 'reflect-metadata';
import { busConfigFrom, createLogger, loadEnv, setLogLevel, trimHeapWhenIdle } from '@pc/platform';
import { createGateway } from './gateway.app';
import { GatewayEnv } from './gateway.env';

async function main(): Promise<void> {
  const env = loadEnv(GatewayEnv);
  setLogLevel(env.LOG_LEVEL);
  if (!env.NATS_URL)
    throw new Error(
      'NATS_URL is required to run the gateway alone (npm start runs everything in one process)',
    );
  const { app } = await createGateway(env, busConfigFrom(env), { exitOnSignal: true });
  await app.listen(env.PORT, env.HOST);
  trimHeapWhenIdle();
  createLogger('gateway').info({ url: await app.getUrl() }, 'gateway listening');
}

void main().catch((error: unknown) => {
  process.stderr.write(`gateway failed to start: ${String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
});
