import os from 'node:os';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { OpenAPIObject } from '@nestjs/swagger';
import { CatalogEnv, catalogService } from '@pc/catalog';
import { ConnectionsEnv, connectionsService, generateKeyRingEntry } from '@pc/connections';
import { deploymentWorker, WorkerEnv } from '@pc/deployment-worker';
import { DeploymentsEnv, deploymentsService } from '@pc/deployments';
import { buildOpenApiDocument, GatewayEnv, createGateway } from '@pc/gateway';
import { IdentityEnv, identityService } from '@pc/identity';
import { McpEnv, mountMcpOn } from '@pc/mcp';
import {
  type BusConfig,
  type EnvSource,
  generateSigningKeyEntry,
  loadEnv,
  type RunningService,
  startService,
} from '@pc/platform';
import { RulesetsEnv, rulesetsService } from '@pc/rulesets';
import { WorkspacesEnv, workspacesService } from '@pc/workspaces';

export type AppName =
  | 'gateway'
  | 'identity'
  | 'catalog'
  | 'rulesets'
  | 'connections'
  | 'workspaces'
  | 'mcp'
  | 'deployments'
  | 'deployment-worker';

export interface SystemOptions {
  bus: BusConfig;
  /** A bus configuration per app (e.g. each with its own NATS user); default: `bus` for all. */
  busOf?: (app: AppName) => BusConfig;
  databaseUrl: string;
  /** 0 picks a free port. */
  gatewayPort: number;
  gatewayHost?: string;
  /**
   * The environment the apps validate (each with its own schema); `npm start` passes the process
   * environment, tests pass nothing.
   */
  environment?: EnvSource;
  /** Extra variables for every service (administrator, TTLs...), over `environment`. */
  env?: EnvSource;
  /** Start only the gateway (to run a second gateway replica beside another system). */
  gatewayOnly?: boolean;
  /** Start only the services (to run gateway replicas separately). */
  servicesOnly?: boolean;
  dbPoolSize?: number;
  /** Run each service as it runs alone: a hybrid app that also serves its health endpoints on HTTP. */
  serviceHealthPorts?: boolean;
  /** Deployment workers started in this process (default 1; 0 when workers run as processes of their own). */
  deploymentWorkers?: number;
  /**
   * Services not started here: the caller runs them as processes of their own on the same bus and
   * database, with `systemEnvironment(options)` (a test that kills and restarts one).
   */
  outside?: AppName[];
}

export interface RunningSystem {
  /** Base URL of the gateway, e.g. http://127.0.0.1:3000 */
  url?: string;
  /** Health URLs of the services, when they serve HTTP. */
  serviceUrls: Record<string, string>;
  /** The gateway's application, when there is one (tests read its state: `gateway.get(CallerParts)`). */
  gateway?: NestFastifyApplication;
  close(): Promise<void>;
}

/**
 * Tests (which pass no `environment`) sign up and submit far more than one client should: the
 * gateway's rate limits are off for them unless `env` sets one; so is the response cache.
 */
const LIMITS_OFF_IN_TESTS = {
  RATE_LIMIT_SIGNUPS_PER_HOUR: '0',
  RATE_LIMIT_VALIDATIONS_PER_MINUTE: '0',
  RATE_LIMIT_BRANCH_LISTINGS_PER_MINUTE: '0',
  RATE_LIMIT_DOWNLOADS_PER_MINUTE: '0',
  RATE_LIMIT_SUBMISSIONS_PER_HOUR: '0',
  RATE_LIMIT_EVALUATIONS_PER_MINUTE: '0',
  RATE_LIMIT_CREDENTIAL_CHECKS_PER_MINUTE: '0',
  RATE_LIMIT_WEBHOOK_SENDS_PER_MINUTE: '0',
  RATE_LIMIT_REFRESHES_PER_MINUTE: '0',
  RATE_LIMIT_VOTES_PER_MINUTE: '0',
  DEPLOY_MAX_ACTIVE_JOBS_PER_USER: '0',
  DEPLOY_MAX_TARGETS_PER_HOUR: '0',
  // Many tests write rows with SQL and read them back at once: the gateway's response cache (emptied by
  // the change event a moment after the commit) is on only where a test turns it on.
  RESPONSE_CACHE_ENABLED: 'false',
  // The drift reconcile runs only where a test asks for it.
  DRIFT_RECONCILE_INTERVAL_MS: '0',
  // Evaluations run at the event loop's priority: a niced thread waits for idle cores, which a test
  // suite on two cores seldom leaves (the priority itself is tested in evaluator.pool.spec.ts).
  EVALUATION_NICE: '0',
};

/** The variables every app of the system validates (a service run outside gets the same). */
export function systemEnvironment(options: SystemOptions): EnvSource {
  const source: EnvSource = {
    ...(options.environment ?? LIMITS_OFF_IN_TESTS),
    ...options.env,
    DATABASE_URL: options.databaseUrl,
    DB_POOL_SIZE: String(options.dbPoolSize ?? 5),
    BUS_SUBJECT_PREFIX: options.bus.prefix,
    BUS_TIMEOUT_MS: String(options.bus.timeoutMs),
  };
  // `npm start` passes the key it keeps in DATA_DIR; a test system without one gets a key of its own.
  source.CONNECTIONS_ENCRYPTION_KEYS ||= generateKeyRingEntry('test');
  source.WEBHOOKS_ENCRYPTION_KEYS ||= generateKeyRingEntry('test');
  source.PROVENANCE_SIGNING_KEYS ||= generateSigningKeyEntry('test');
  return source;
}

/** Every service and the gateway, on the given bus and database. */
export async function startSystem(options: SystemOptions): Promise<RunningSystem> {
  const source = systemEnvironment(options);
  const here = (app: AppName) => !options.outside?.includes(app);
  const busOf = options.busOf ?? (() => options.bus);
  const services: RunningService[] = [];
  const http = options.serviceHealthPorts ? { httpPort: 0, host: '127.0.0.1' } : {};
  if (!options.gatewayOnly) {
    if (here('identity'))
      services.push(
        await startService(identityService(loadEnv(IdentityEnv, source)), busOf('identity'), http),
      );
    services.push(await startService(catalogService(loadEnv(CatalogEnv, source)), busOf('catalog'), http));
    services.push(
      await startService(connectionsService(loadEnv(ConnectionsEnv, source)), busOf('connections'), http),
    );
    services.push(
      await startService(workspacesService(loadEnv(WorkspacesEnv, source)), busOf('workspaces'), http),
    );
    services.push(await startService(rulesetsService(loadEnv(RulesetsEnv, source)), busOf('rulesets'), http));
    services.push(
      await startService(deploymentsService(loadEnv(DeploymentsEnv, source)), busOf('deployments'), http),
    );
    for (let n = 0; n < (options.deploymentWorkers ?? 1); n++) {
      services.push(
        await startService(deploymentWorker(loadEnv(WorkerEnv, source)), busOf('deployment-worker'), http),
      );
    }
  }
  const serviceUrls = Object.fromEntries(services.filter((s) => s.url).map((s) => [s.name, s.url!]));
  if (options.servicesOnly) {
    return { serviceUrls, close: () => closeAll(services) };
  }
  const gatewayEnv = loadEnv(GatewayEnv, { ...source, PORT: String(options.gatewayPort) });
  const { app } = await createGateway(gatewayEnv, busOf('gateway'), {
    openApiDocument: documentOncePerProcess,
  });
  // The tool server answers /mcp on the gateway's port (its own process in distributed mode).
  const mcp = await mountMcpOn(
    app.getHttpAdapter().getInstance(),
    loadEnv(McpEnv, { ...source, PORT: String(options.gatewayPort) }),
    busOf('mcp'),
  );
  await app.listen(options.gatewayPort, options.gatewayHost ?? '127.0.0.1');
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : options.gatewayPort;
  return {
    url: `http://127.0.0.1:${port}`,
    serviceUrls,
    gateway: app,
    close: async () => {
      await app.close();
      await mcp.close();
      await closeAll(services);
    },
  };
}

const DOCUMENT = Symbol.for('policy-catalog.openapi-document');

/**
 * The OpenAPI document, built once for every system this process starts: it is a function of the
 * gateway's controllers and the contracts' DTOs alone (no setting changes it), so a second system (a
 * gateway replica, or the next test file a Jest worker runs: 40-odd per `npm test`) serves what the
 * first built, without building it again (0.7 s of CPU each). Kept on a Node core module, the one object
 * every test file of a Jest worker shares (each file loads this module anew); each gateway gets its own
 * copy, so that none can change another's.
 */
function documentOncePerProcess(app: NestFastifyApplication): OpenAPIObject {
  const kept = os as unknown as Record<symbol, OpenAPIObject | undefined>;
  return structuredClone((kept[DOCUMENT] ??= buildOpenApiDocument(app)));
}

/**
 * Stops the deployment workers first (a job in flight still reports to the deployments service), then the
 * services at once (the gateway, when there is one, has stopped before): each waits up to a pull's expiry
 * for its durable-event subscriptions to end, about 2 s, which one after another added up to 8 s per system.
 */
async function closeAll(services: RunningService[]): Promise<void> {
  const workers = services.filter((s) => s.name === 'deployment-worker');
  await Promise.all(workers.map((worker) => worker.close()));
  await Promise.all(services.filter((s) => !workers.includes(s)).map((service) => service.close()));
}
