import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  busConfigFrom,
  createLogger,
  EmbeddedPostgresSetupError,
  ensureDatabase,
  loadEnv,
  processEnv,
  setLogLevel,
  startEmbeddedPostgres,
  trimHeapWhenIdle,
  type EmbeddedPostgresHandle,
} from '@pc/platform';
import { startSandbox } from '@pc/sandbox';
import { keyRing, provenanceKeys } from './data-dir-keys';
import { DEFAULT_SANDBOX_PORT, EmbeddedEnv } from './embedded.env';
import {
  ensurePortFree,
  portError,
  recordInstance,
  refuseSecondInstance,
  StartupError,
} from './startup-checks';
import { type RunningSystem, startSystem, type SystemOptions } from './system';

const log = createLogger('embedded');

/** A stop past this long leaves what still closes: PostgreSQL is stopped and the process exits. */
const STOP_DEADLINE_MS = 7_000;
/** And exits this long after that at the latest, PostgreSQL stopped or not. */
const FORCED_EXIT_MS = 2_000;
/**
 * How long the stopping services wait for the requests under way before answering those still running
 * 503, then close their pools: well within STOP_DEADLINE_MS, the gateway stopped before and PostgreSQL after.
 */
const SHUTDOWN_GRACE_MS = 4_000;

interface AdminCredentials {
  email: string;
  password: string;
  generated: boolean;
}

/** `npm start`: everything in one process, no configuration needed. */
async function main(): Promise<void> {
  const environment = processEnv();
  const env = loadEnv(EmbeddedEnv, environment);
  setLogLevel(env.LOG_LEVEL);
  const dataDir = path.resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  // What is known to fail fails first, in one sentence: another instance on DATA_DIR, a taken port.
  const postgresDir = path.join(dataDir, 'postgres');
  if (!env.DATABASE_URL) refuseSecondInstance(dataDir, postgresDir);
  await ensurePortFree(env.HOST, env.PORT);

  let postgres: EmbeddedPostgresHandle | undefined;
  let databaseUrl = env.DATABASE_URL;
  if (databaseUrl) {
    // Embedded mode may create the database it is pointed at (the services alone never do).
    await ensureDatabase(databaseUrl);
  } else {
    postgres = await startEmbeddedPostgres(postgresDir);
    databaseUrl = await postgres.ensureDatabase('policy_catalog');
  }

  const admin = adminCredentials(env, dataDir);
  // The local source host, registry and platform; adapter variables set explicitly still win.
  const sandbox = await startSandboxOn(
    env.SANDBOX_PORT ?? DEFAULT_SANDBOX_PORT,
    env.SANDBOX_PORT !== undefined,
  );
  const adapterEnv = Object.fromEntries(
    Object.entries(sandbox.adapterEnv).filter(([name]) => !environment[name]),
  );
  const webDir = await ensureWebApp(env.WEB_DIR);
  const bus = { ...busConfigFrom(env), shutdownGraceMs: SHUTDOWN_GRACE_MS };
  const system = await startSystemOn(env.PORT, {
    bus,
    databaseUrl,
    gatewayPort: env.PORT,
    gatewayHost: env.HOST,
    deploymentWorkers: env.EMBEDDED_DEPLOYMENT_WORKERS,
    environment,
    env: {
      ...adapterEnv,
      // Local receivers (the sandbox's) speak http; production keeps the default (https only).
      ...(environment.WEBHOOKS_REQUIRE_HTTPS ? {} : { WEBHOOKS_REQUIRE_HTTPS: 'false' }),
      BOOTSTRAP_ADMIN_EMAIL: admin.email,
      BOOTSTRAP_ADMIN_PASSWORD: admin.password,
      CONNECTIONS_ENCRYPTION_KEYS: keyRing(
        env.CONNECTIONS_ENCRYPTION_KEYS,
        dataDir,
        'connections-encryption-keys',
      ),
      WEBHOOKS_ENCRYPTION_KEYS: keyRing(env.WEBHOOKS_ENCRYPTION_KEYS, dataDir, 'webhooks-encryption-keys'),
      // Audit records made while NATS is down wait here, across restarts.
      AUDIT_OUTBOX_DIR: environment.AUDIT_OUTBOX_DIR || path.join(dataDir, 'audit-outbox'),
      PROVENANCE_SIGNING_KEYS: provenanceKeys(env, dataDir),
      WEB_DIR: webDir,
    },
  });

  trimHeapWhenIdle();
  const url = system.url ?? `http://127.0.0.1:${env.PORT}`;
  const instance = recordInstance(dataDir, url);
  process.stdout.write(
    [
      '',
      'Policy Catalog is running',
      `  Web app:   ${webDir ? `${url}/` : '(not built: see the log)'}`,
      `  API:       ${url}/api`,
      `  OpenAPI:   ${url}/api/openapi.json (YAML: ${url}/api/openapi.yaml, docs: ${url}/api/docs)`,
      `  Health:    ${url}/health/ready`,
      `  MCP:       ${url}/mcp (tool server for AI assistants; Bearer token)`,
      `  Bus:       ${bus.kind === 'nats' ? bus.url : 'in-process'}`,
      `  Database:  ${postgres ? `embedded PostgreSQL on port ${postgres.port}, data in ${postgres.dataDir}` : 'DATABASE_URL'}`,
      `  Administrator: ${admin.email} / ${admin.generated ? admin.password : '(from BOOTSTRAP_ADMIN_PASSWORD)'}`,
      '',
      `Sandbox (local stand-ins for the external systems): ${sandbox.url}`,
      `  source_host: ${sandbox.urls.sourceHostWeb} (API ${sandbox.urls.sourceHostApi})`,
      `  registry:    ${sandbox.urls.registry}`,
      `  platform:    ${sandbox.urls.platform} (connection host "us" or "eu")`,
      `  platform demo credentials: clientId ${sandbox.demo.clientId} / clientSecret ${sandbox.demo.clientSecret}`,
      `    organizations: ${sandbox.demo.organizations.map((o) => `${o.name} (${o.id})`).join(', ')}`,
      `  demo repositories: ${[...sandbox.demo.repositories.unifiedPolicies, ...sandbox.demo.repositories.rulesets].join(' ')}`,
      `  ruleset folders (validate with /tree/main/mcp): ${sandbox.demo.repositories.rulesetMonorepo ?? ''}`,
      `  broken rulesets (each fails validation): ${sandbox.demo.repositories.brokenRulesets.join(' ')}`,
      '',
    ].join('\n') + '\n',
  );

  // Once, and in order: the system (the gateway first, then the services, each closed once: no app of
  // the process listens to signals itself; each refuses new requests and finishes those under way, at most
  // SHUTDOWN_GRACE_MS, before its pool closes), the sandbox, then the embedded PostgreSQL they used. A signal
  // to the process group reaches PostgreSQL too (SIGTERM: it refuses new connections and waits for the
  // open ones to end), so what closes must not need a new connection; and a stop ends within
  // STOP_DEADLINE_MS whatever still closes then (a supervisor kills after about ten seconds).
  let stopping: Promise<void> | undefined;
  const shutdown = (signal: string): Promise<void> =>
    (stopping ??= (async () => {
      log.info({ signal }, 'shutting down');
      setTimeout(() => {
        log.error(
          { signal, ms: STOP_DEADLINE_MS },
          'the stop took too long: stopping PostgreSQL and exiting',
        );
        setTimeout(() => process.exit(1), FORCED_EXIT_MS).unref();
        void (postgres?.stop() ?? Promise.resolve()).finally(() => process.exit(1));
      }, STOP_DEADLINE_MS).unref();
      for (const [what, close] of [
        ['the system', () => system.close()],
        ['the sandbox', () => sandbox.close()],
        ['PostgreSQL', () => postgres?.stop() ?? Promise.resolve()],
      ] as const) {
        await close().catch((error: unknown) => log.error({ err: error }, `closing ${what} failed`));
      }
      instance.forget();
      log.info({ signal }, 'stopped');
      process.exit(0);
    })());
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/** The system; the gateway's port taken since the check at start is the same one sentence. */
async function startSystemOn(port: number, options: SystemOptions): Promise<RunningSystem> {
  try {
    return await startSystem(options);
  } catch (error) {
    throw portError(error, port) ?? error;
  }
}

/**
 * The sandbox on SANDBOX_PORT; when that port is taken (a second instance beside the first) and the
 * port was not asked for explicitly, on a free one: the services are told its address either way.
 */
async function startSandboxOn(
  port: number,
  explicit: boolean,
): Promise<Awaited<ReturnType<typeof startSandbox>>> {
  try {
    return await startSandbox({ port, host: '127.0.0.1' });
  } catch (error) {
    if (explicit || (error as { code?: string }).code !== 'EADDRINUSE') throw error;
    log.warn({ port }, 'sandbox port taken: using a free port');
    return startSandbox({ port: 0, host: '127.0.0.1' });
  }
}

interface WebBuild {
  buildWeb(outDir: string, options: { quiet: boolean }): Promise<{ size: { gzipBytes: number } }>;
  isCurrent(dir: string): boolean;
}

/**
 * The web app's folder, built first when it is missing or older than its sources (a fresh clone, a
 * pull): `npm start` needs no separate build step. '' when there is none to serve.
 */
async function ensureWebApp(webDir: string): Promise<string> {
  if (!webDir) return '';
  const dir = path.resolve(webDir);
  const script = path.resolve('tools', 'build-web.js');
  if (!existsSync(script)) return existsSync(path.join(dir, 'index.html')) ? dir : '';
  // tools/build-web.js is plain JavaScript shared with `npm run build`.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const web = require(script) as WebBuild;
  if (web.isCurrent(dir)) return dir;
  log.info({ dir }, 'building the web app (missing or older than apps/web)');
  try {
    const { size } = await web.buildWeb(dir, { quiet: true });
    log.info({ dir, firstLoadGzipBytes: size.gzipBytes }, 'web app built');
    return dir;
  } catch (error) {
    log.error({ err: error }, 'the web app could not be built: the API runs without it');
    return existsSync(path.join(dir, 'index.html')) ? dir : '';
  }
}

/** From the environment, else generated once and kept (mode 0600) in DATA_DIR so restarts reuse it. */
function adminCredentials(env: EmbeddedEnv, dataDir: string): AdminCredentials {
  if (env.BOOTSTRAP_ADMIN_EMAIL && env.BOOTSTRAP_ADMIN_PASSWORD) {
    return { email: env.BOOTSTRAP_ADMIN_EMAIL, password: env.BOOTSTRAP_ADMIN_PASSWORD, generated: false };
  }
  const file = path.join(dataDir, 'admin-credentials.json');
  if (existsSync(file))
    return { ...(JSON.parse(readFileSync(file, 'utf8')) as AdminCredentials), generated: true };
  const credentials = {
    email: env.BOOTSTRAP_ADMIN_EMAIL ?? 'admin@localhost.localdomain',
    password: randomBytes(12).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(credentials), { mode: 0o600 });
  return { ...credentials, generated: true };
}

void main().catch((error: unknown) => {
  // A set-up that cannot work is one message saying what to change; anything else, with its stack.
  const detail =
    error instanceof EmbeddedPostgresSetupError || error instanceof StartupError
      ? error.message
      : error instanceof Error
        ? error.stack
        : error;
  process.stderr.write(`failed to start: ${String(detail)}\n`);
  process.exit(1);
});
