import path from 'node:path';
import { sandboxAdapterEnv } from '@pc/outbound';
import { SandboxControl } from '@pc/sandbox';
import { HttpClient, testEnv, uniqueBusPrefix, uniqueName, withDatabase } from '@pc/testing';
import { Client } from 'pg';
import { DeploymentsWorld, type Json } from '../testing/deployments-e2e';
import { DistApp, ensureBuild, natsWithPermissions, ROOT, runDist } from '../testing/dist-apps';
import { DEPLOYED_APPS, SERVICES_WITH_SCHEMA } from '../testing/deploy-files';

const SIGNING_KEYS = `d1:${Buffer.alloc(32, 9).toString('base64')}`;

jest.setTimeout(240_000);

/**
 * Production's way of running the system, on one machine: `npm run build`, then every app from dist/
 * with environment variables only (no TypeScript hook, no inherited variables), each service's
 * migrations run alone first, several replicas of the gateway, the catalog and the deployment worker
 * over one NATS (with the generated per-app permissions for a prefix of the test's own) and one
 * PostgreSQL database. A deployment through each gateway succeeds; SIGTERM stops every process with
 * exit status 0.
 */
describe('the build output, several replicas of each app', () => {
  const prefix = uniqueBusPrefix();
  const database = uniqueName('pc_dist');
  const apps: DistApp[] = [];
  let databaseUrl: string;
  let nats: Awaited<ReturnType<typeof natsWithPermissions>>;
  let gateways: HttpClient[];
  const world = new DeploymentsWorld();
  const timings: Record<string, number> = {};

  beforeAll(async () => {
    let t = Date.now();
    ensureBuild([...DEPLOYED_APPS, 'sandbox']);
    timings.build = Date.now() - t;

    // An empty database: the migrations run from the build, one service at a time.
    const admin = new Client({ connectionString: testEnv().postgresUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${database}"`);
    await admin.end();
    databaseUrl = withDatabase(testEnv().postgresUrl, database);
    t = Date.now();
    // Each Job migrates its own service's schema and no other (a service's schema is named after it).
    const schemas = new Client({ connectionString: databaseUrl });
    await schemas.connect();
    const migrated: string[] = [];
    for (const service of SERVICES_WITH_SCHEMA) {
      expect(
        runDist('tools/migrate.js', [service], { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' }),
      ).toContain(`${service}: up to date`);
      migrated.push(service);
      const { rows } = await schemas.query<{ name: string }>(
        'SELECT nspname AS name FROM pg_namespace WHERE nspname = ANY($1) ORDER BY nspname',
        [SERVICES_WITH_SCHEMA],
      );
      expect(rows.map((row) => row.name)).toEqual([...migrated].sort());
    }
    await schemas.end();
    timings.migrations = Date.now() - t;

    t = Date.now();
    nats = await natsWithPermissions(prefix, DEPLOYED_APPS);
    const sandbox = DistApp.start('sandbox', { SANDBOX_PORT: '0' });
    apps.push(sandbox);
    const sandboxUrl = await sandbox.listening(60_000);
    const common = (app: string): Record<string, string> => ({
      NATS_URL: nats.urlOf(app),
      BUS_SUBJECT_PREFIX: prefix,
      BUS_SHUTDOWN_GRACE_MS: '300',
      PORT: '0',
    });
    const service = (app: string): Record<string, string> => ({
      ...common(app),
      DATABASE_URL: databaseUrl,
      // Nine processes on the PostgreSQL other test files share (100 connections): two each at most.
      DB_POOL_SIZE: '2',
    });
    const adapters = sandboxAdapterEnv(sandboxUrl);
    const started = [
      DistApp.start('identity', {
        ...service('identity'),
        WEBHOOKS_ENCRYPTION_KEYS: `w1:${Buffer.alloc(32, 9).toString('base64')}`,
      }),
      DistApp.start('catalog', { ...service('catalog'), ...adapters }, 'catalog-1'),
      DistApp.start('catalog', { ...service('catalog'), ...adapters }, 'catalog-2'),
      DistApp.start('rulesets', { ...service('rulesets'), ...adapters }),
      DistApp.start('connections', {
        ...service('connections'),
        ...adapters,
        CONNECTIONS_ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
      }),
      DistApp.start('workspaces', service('workspaces')),
      DistApp.start('deployments', {
        ...service('deployments'),
        ...adapters,
        PROVENANCE_SIGNING_KEYS: SIGNING_KEYS,
        DEPLOY_JOB_ACK_WAIT_MS: '10000',
      }),
      // Two workers competing for the jobs: the test makes two deployments, so no more than two
      // replicas ever take one (a third only cost its start and stop, about a CPU-second).
      ...[1, 2].map((n) =>
        DistApp.start(
          'deployment-worker',
          {
            ...service('deployment-worker'),
            ...adapters,
            DEPLOY_JOB_ACK_WAIT_MS: '10000',
            PROVENANCE_SIGNING_KEYS: SIGNING_KEYS,
          },
          `deployment-worker-${n}`,
        ),
      ),
      DistApp.start(
        'gateway',
        { ...common('gateway'), HOST: '127.0.0.1', WEB_DIR: path.join(ROOT, 'dist', 'web') },
        'gateway-1',
      ),
      DistApp.start('gateway', { ...common('gateway'), HOST: '127.0.0.1' }, 'gateway-2'),
      DistApp.start('mcp', { ...common('mcp'), HOST: '127.0.0.1' }),
    ];
    apps.push(...started);
    await Promise.all(started.map((app) => app.listening(120_000)));
    // Every app ready: its database and the bus (the gateways: every service behind them).
    await Promise.all(
      started.map(async (app) => {
        const http = new HttpClient(app.url!);
        for (let i = 0; ; i++) {
          const res = await http.get<Json>('/health/ready');
          if (res.status === 200 && res.body.ok === true) return;
          if (i > 300) throw new Error(`${app.name} not ready: ${res.text}\n${app.log}`);
          await new Promise((r) => setTimeout(r, 200));
        }
      }),
    );
    timings.start = Date.now() - t;
    gateways = started
      .filter((app) => app.name.startsWith('gateway-'))
      .map((app) => new HttpClient(app.url!));
    world.http = gateways[0];
    world.control = new SandboxControl(sandboxUrl);
  });

  afterAll(async () => {
    for (const app of apps) app.kill();
    await nats?.stop();
    const admin = new Client({ connectionString: testEnv().postgresUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.end();
  });

  it('runs a deployment through each gateway to success, with its live log from the other replica', async () => {
    const t = Date.now();
    const { user, tenant, connectionId, workspaceId } = await world.deployer();
    const policy = await world.newDeployablePolicy(user);
    for (const [i, gateway] of gateways.entries()) {
      const res = await gateway.post<Json>(
        '/api/deployments',
        {
          policyId: policy.id,
          connectionId,
          workspaceId,
          targetOrganizationIds: [tenant.paymentsId],
          doPublish: true,
          version: `2.1.${i}`,
        },
        { token: user.token },
      );
      expect(res.status).toBe(201);
      const id = res.body.results[0].deployment.id as string;
      const other = gateways[1 - i];
      const stream = await world.readStream(user.token, id, { baseUrl: other.baseUrl });
      const end = stream.events.find((e) => e.event === 'end');
      expect(JSON.parse(end!.data)).toMatchObject({ deployment_id: id, status: 'succeeded' });
      world.http = gateway;
      expect((await world.settled(user.token, id, 60_000)).status).toBe('succeeded');
    }
    // Both versions reached the registry, and the policy is applied in the organization.
    const state = await world.control.platformState();
    const versions = state.registry.map((r) => r.version);
    expect(versions).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^2\.1\.0-dev\./),
        expect.stringMatching(/^2\.1\.1-dev\./),
      ]),
    );
    expect(state.organizations.find((o) => o.id === tenant.paymentsId)?.applied).toHaveLength(1);
    timings.deployments = Date.now() - t;
  });

  it('serves the built web app from the gateway given WEB_DIR', async () => {
    const page = await fetch(new URL('/workspaces', gateways[0].baseUrl));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('<div id=');
  });

  it('stops every process on SIGTERM with exit status 0', async () => {
    const t = Date.now();
    const order = (name: string): number =>
      name.startsWith('gateway') || name === 'mcp'
        ? 0
        : name.startsWith('deployment-worker')
          ? 1
          : name === 'sandbox'
            ? 3
            : 2;
    for (const stage of [0, 1, 2, 3]) {
      const stopping = apps.filter((app) => order(app.name) === stage);
      const results = await Promise.all(
        stopping.map(async (app) => ({ app: app.name, ...(await app.stop()) })),
      );
      expect(results).toEqual(stopping.map((app) => ({ app: app.name, code: 0, signal: null })));
    }
    timings.stop = Date.now() - t;
    process.stdout.write(`dist replicas timings (ms): ${JSON.stringify(timings)}\n`);
  });
});
