import 'reflect-metadata';
import { busConfigFrom, createLogger, loadEnv, setLogLevel, trimHeapWhenIdle } from '@pc/platform';
import { createMcpApp } from './mcp.app';
import { McpEnv } from './mcp.env';

async function main(): Promise<void> {
  const env = loadEnv(McpEnv);
  setLogLevel(env.LOG_LEVEL);
  if (!env.NATS_URL)
    throw new Error(
      'NATS_URL is required to run the tool server alone (npm start serves it on the gateway port at /mcp)',
    );
  const app = await createMcpApp(env, busConfigFrom(env), { exitOnSignal: true });
  await app.listen(env.PORT, env.HOST);
  trimHeapWhenIdle();
  createLogger('mcp').info({ url: `${await app.getUrl()}/mcp` }, 'tool server listening');
}

void main().catch((error: unknown) => {
  process.stderr.write(
    `tool server failed to start: ${String(error instanceof Error ? error.stack : error)}\n`,
  );
  process.exit(1);
});
