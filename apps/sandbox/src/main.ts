import 'reflect-metadata';
import { createLogger, loadEnv } from '@pc/platform';
import { SandboxEnv } from './sandbox.env';
import { startSandbox } from './sandbox.server';

const logger = createLogger('sandbox');

async function main(): Promise<void> {
  const env = loadEnv(SandboxEnv);
  const sandbox = await startSandbox({
    port: env.SANDBOX_PORT,
    host: env.SANDBOX_HOST,
    seed: true,
    platformLatencyMs: env.SANDBOX_PLATFORM_LATENCY_MS,
  });
  logger.info({ url: sandbox.url, urls: sandbox.urls }, 'sandbox listening');
  logger.info(
    {
      clientId: sandbox.demo.clientId,
      // The demo secret is public by design: the sandbox is a local stand-in.
      demoClientSecret: sandbox.demo.clientSecret,
      rootOrganizationId: sandbox.demo.rootOrganizationId,
      businessGroups: sandbox.demo.businessGroups,
      repositories: sandbox.demo.repositories,
    },
    'sandbox demo tenant',
  );
  logger.info({ env: sandbox.adapterEnv }, 'point the adapters at the sandbox with these variables');
  const stop = (): void => {
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'sandbox did not close cleanly');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  logger.fatal({ err: error }, 'sandbox failed to start');
  process.exit(1);
});
