import 'reflect-metadata';
import { busConfigFrom, loadEnv, setLogLevel, startService } from '@pc/platform';
import { RulesetsEnv } from './rulesets.env';
import { rulesetsService } from './index';

async function main(): Promise<void> {
  const env = loadEnv(RulesetsEnv);
  setLogLevel(env.LOG_LEVEL);
  if (!env.NATS_URL)
    throw new Error('NATS_URL is required to run rulesets alone (npm start runs everything in one process)');
  await startService(rulesetsService(env), busConfigFrom(env), { httpPort: env.PORT, exitOnSignal: true });
}

void main().catch((error: unknown) => {
  process.stderr.write(`rulesets failed to start: ${String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
});
