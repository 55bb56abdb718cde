import {
  Controller,
  type DynamicModule,
  Inject,
  Injectable,
  type INestApplicationContext,
  Module,
  type ModuleMetadata,
  Optional,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { ANONYMOUS, type PingResult, type RpcDescriptor } from '@pc/contracts';
import { randomUUID } from 'node:crypto';
import { RpcErrorFilter } from '../errors/rpc-error.filter';
import { HealthModule, READINESS_CHECKS, type ReadinessCheck } from '../health/health';
import { createLogger, PinoNestLogger } from '../logging/logger';
import { type BusConfig, createServerStrategy } from '../messaging/bus';
import { BusClient } from '../messaging/bus-client';
import { MessagingModule } from '../messaging/messaging.module';
import { Handles } from '../messaging/handles.decorator';
import { trimHeapWhenIdle } from './idle-heap';

/** What every service declares about itself, so one bootstrap serves them all. */
export interface ServiceDefinition {
  /** Also the NATS queue group: replicas of a service share its requests. */
  name: string;
  ping: RpcDescriptor<Record<string, never>, PingResult>;
  /** The service's own module (database, features). */
  module: DynamicModule;
}

export interface RunningService {
  name: string;
  app: INestApplicationContext;
  /** The health endpoints' URL when the service listens on HTTP. */
  url?: string;
  close(): Promise<void>;
}

const log = createLogger('bootstrap');

/**
 * What SIGTERM and SIGINT do to an app running alone: it closes (its shutdown hooks run) and the process
 * exits with status 0, so that a container or a supervisor sees a clean stop. Apps that share a process
 * (`npm start`) listen to no signal: the process stops them itself, each once and in order (the gateway
 * first, then the services, then the database they use); each app closing itself at the same time would
 * end its database pools twice and race the database's own stop. `listenForSignals` applies it.
 */
export const SHUTDOWN_ALONE = { useProcessExit: true } as const;

/** Closes the app on SIGTERM and SIGINT when it runs alone in its process (see SHUTDOWN_ALONE). */
export function listenForSignals(
  app: { enableShutdownHooks(signals: string[], options: object): unknown },
  alone: boolean | undefined,
): void {
  if (alone) app.enableShutdownHooks([], SHUTDOWN_ALONE);
}

/**
 * Starts a service on the given bus. With `httpPort` it is a hybrid app that also serves
 * `/health/live` and `/health/ready` (a service running alone); without it, only the bus (embedded).
 * `exitOnSignal`: the process exits 0 once a signal has closed the service (see SHUTDOWN_ALONE).
 */
export async function startService(
  definition: ServiceDefinition,
  bus: BusConfig,
  options: { httpPort?: number; host?: string; exitOnSignal?: boolean } = {},
): Promise<RunningService> {
  // A process of its own gives its young generation back when idle (idle memory, issue 24).
  if (options.exitOnSignal) trimHeapWhenIdle();
  const root = serviceRootModule(definition, bus, options.httpPort !== undefined);
  const logger = new PinoNestLogger();
  const strategy = createServerStrategy(bus, definition.name);
  if (options.httpPort === undefined) {
    // abortOnError off: a failure at start (e.g. a missing database) is thrown to the caller, who says
    // what went wrong, instead of Nest exiting the process.
    const app = await NestFactory.createMicroservice(root, {
      strategy,
      logger,
      bufferLogs: false,
      abortOnError: false,
    });
    app.useGlobalFilters(new RpcErrorFilter());
    listenForSignals(app, options.exitOnSignal);
    await app.listen();
    log.info({ service: definition.name, bus: bus.kind }, 'service listening on the bus');
    return { name: definition.name, app, close: () => app.close() };
  }
  const app = await NestFactory.create<NestFastifyApplication>(root, new FastifyAdapter(), {
    logger,
    abortOnError: false,
  });
  // Filters must be registered before the microservice is connected, and inherited. The request id of
  // each message reaches the log lines through the transports (`inMessageContext`), not an interceptor.
  app.useGlobalFilters(new RpcErrorFilter());
  app.connectMicroservice({ strategy }, { inheritAppConfig: true });
  listenForSignals(app, options.exitOnSignal);
  await app.startAllMicroservices();
  await app.listen(options.httpPort, options.host ?? '0.0.0.0');
  const url = await app.getUrl();
  log.info({ service: definition.name, bus: bus.kind, url }, 'service listening on the bus and HTTP');
  return { name: definition.name, app, url, close: () => app.close() };
}

function serviceRootModule(definition: ServiceDefinition, bus: BusConfig, http: boolean): DynamicModule {
  const ping = definition.ping;

  /**
   * Answers whether the service can serve: the gateway's readiness names a service whose database is down.
   * The reason (the database's error) travels on the bus only; the gateway's public /health/ready leaves it
   * out and logs it (GatewayReadiness).
   */
  @Controller()
  class PingHandler {
    constructor(@Optional() @Inject(READINESS_CHECKS.database) private readonly database?: ReadinessCheck) {}

    @Handles(ping)
    async ping(): Promise<PingResult> {
      if (!this.database) return { service: definition.name, ok: true };
      const database = await this.database.check().then(
        () => 'ok',
        (error: unknown) => `unavailable (${error instanceof Error ? error.message : String(error)})`,
      );
      return { service: definition.name, ok: database === 'ok', database };
    }
  }

  @Injectable()
  class BusReadiness implements ReadinessCheck {
    readonly name = 'bus';
    constructor(@Inject(BusClient) private readonly client: BusClient) {}
    async check(): Promise<void> {
      await this.client.request(
        ping,
        { requestId: randomUUID(), caller: ANONYMOUS },
        {},
        { timeoutMs: 2000 },
      );
    }
  }

  const metadata: ModuleMetadata = {
    imports: [
      MessagingModule.forRoot(bus, definition.name),
      definition.module,
      HealthModule.register({ controller: http, busCheck: BusReadiness }),
    ],
    controllers: [PingHandler],
  };

  @Module({})
  class ServiceRootModule {}

  return { module: ServiceRootModule, global: false, ...metadata };
}
