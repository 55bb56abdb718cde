import 'reflect-metadata';
import { busConfigFrom, loadEnv, setLogLevel, startService } from '@pc/platform';
import { WorkspacesEnv } from './workspaces.env';
import { workspacesService } from './index';

async function main(): Promise<void> {
  const env = loadEnv(WorkspacesEnv);
  setLogLevel(env.LOG_LEVEL);
  if (!env.NATS_URL)
    throw new Error(
      'NATS_URL is required to run workspaces alone (npm start runs everything in one process)',
    );
  await startService(workspacesService(env), busConfigFrom(env), { httpPort: env.PORT, exitOnSignal: true });
}

void main().catch((error: unknown) => {
  process.stderr.write(
    `workspaces failed to start: ${String(error instanceof Error ? error.stack : error)}\n`,
  );
  process.exit(1);
});
