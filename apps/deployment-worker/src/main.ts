import 'reflect-metadata';
import { busConfigFrom, createLogger, loadEnv, setLogLevel, startService } from '@pc/platform';
import { deploymentWorker } from './index';
import { WorkerEnv } from './worker.env';

const log = createLogger('deployment-worker');

/**
 * A deployment worker process: scale it on its own (each process pulls from the one shared queue).
 * SIGTERM drains: no new job is pulled, the jobs in hand finish (or go back to the queue), then it exits.
 */
async function main(): Promise<void> {
  const env = loadEnv(WorkerEnv);
  setLogLevel(env.LOG_LEVEL);
  if (!env.NATS_URL)
    throw new Error('NATS_URL is required to run a deployment worker alone (npm start runs one in-process)');
  // SIGTERM and SIGINT close the app (Nest's shutdown hooks): the runner stops pulling, waits for the
  // jobs in hand, and the process exits.
  await startService(deploymentWorker(env), busConfigFrom(env), { httpPort: env.PORT, exitOnSignal: true });
  log.info('deployment worker started');
}

void main().catch((error: unknown) => {
  process.stderr.write(
    `deployment-worker failed to start: ${String(error instanceof Error ? error.message : error)}\n`,
  );
  process.exit(1);
});
