import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { INestApplicationContext } from '@nestjs/common';
import { type BusConfig, PinoNestLogger, listenForSignals } from '@pc/platform';
import type { FastifyInstance } from 'fastify';
import { McpEndpoint } from './http/mcp-endpoint';
import { mountMcp } from './http/mount';
import { McpEnv } from './mcp.env';
import { McpModule } from './mcp.module';

/**
 * Distributed mode: the tool server as its own HTTP app, with `/mcp` and the health endpoints.
 * `exitOnSignal`: running alone, the process exits 0 once a signal has closed it (SHUTDOWN_ALONE).
 */
export async function createMcpApp(
  env: McpEnv,
  bus: BusConfig,
  options: { exitOnSignal?: boolean } = {},
): Promise<NestFastifyApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(
    McpModule.register(env, bus, { health: true }),
    new FastifyAdapter({ trustProxy: false }),
    { logger: new PinoNestLogger() },
  );
  listenForSignals(app, options.exitOnSignal);
  await app.init();
  await mountMcp(app.getHttpAdapter().getInstance(), app.get(McpEndpoint));
  return app;
}

/**
 * Embedded mode: the tool server without an HTTP server of its own, mounted at `/mcp` on the given
 * Fastify instance (the gateway's) before it listens.
 */
export async function mountMcpOn(
  fastify: FastifyInstance,
  env: McpEnv,
  bus: BusConfig,
): Promise<INestApplicationContext> {
  const context = await NestFactory.createApplicationContext(
    McpModule.register(env, bus, { health: false }),
    {
      logger: new PinoNestLogger(),
    },
  );
  await mountMcp(fastify, context.get(McpEndpoint));
  return context;
}
