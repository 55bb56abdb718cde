import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  CatalogEvents,
  ConnectionsRpc,
  DeploymentsEvents,
  IdentityEvents,
  type IdeaDeliveredEvent,
  REEVALUATION_QUEUE,
} from '@pc/contracts';
import { createMcpApp, McpEnv } from '@pc/mcp';
import {
  BusClient,
  type BusConfig,
  createClientProxy,
  createDurableEvents,
  durableConsumerName,
  freePort,
  loadEnv,
} from '@pc/platform';
import { createTestDatabase, HttpClient, portAnswers, type TestDatabase, waitFor } from '@pc/testing';
import { AckPolicy, connect, Events, JSONCodec, type NatsConnection } from 'nats';
import { type AppName, type RunningSystem, startSystem } from './system';
import { signUp } from './testing/sign-up';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const PASSWORDS: Record<AppName, string> = {
  gateway: 'gw-pass',
  identity: 'id-pass',
  catalog: 'cat-pass',
  connections: 'conn-pass',
  workspaces: 'ws-pass',
  deployments: 'dep-pass',
  'deployment-worker': 'worker-pass',
  rulesets: 'rs-pass',
  mcp: 'mcp-pass',
};

/**
 * Runs the system on a NATS configured with deploy/nats/nats.conf (a user per app, subject
 * permissions, per-app reply inboxes): the shipped configuration must let the system work and keep
 * one app from impersonating another.
 */
describe('the shipped NATS permissions (deploy/nats/nats.conf)', () => {
  let server: ChildProcess;
  let port: number;
  let db: TestDatabase;
  let system: RunningSystem;
  let http: HttpClient;
  let busOf: (app: AppName) => BusConfig;

  beforeAll(async () => {
    port = await freePort();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pc-nats-perm-'));
    const conf = readFileSync(path.join(__dirname, '..', '..', '..', 'deploy', 'nats', 'nats.conf'), 'utf8')
      .replace(/^port: 4222$/m, `port: ${port}\nhost: 127.0.0.1`)
      .replace('store_dir: /data', `store_dir: ${path.join(dir, 'js')}`);
    writeFileSync(path.join(dir, 'nats.conf'), conf);
    server = spawn('nats-server', ['-c', path.join(dir, 'nats.conf')], {
      stdio: 'ignore',
      env: {
        ...process.env,
        NATS_GATEWAY_PASSWORD: PASSWORDS.gateway,
        NATS_IDENTITY_PASSWORD: PASSWORDS.identity,
        NATS_CATALOG_PASSWORD: PASSWORDS.catalog,
        NATS_CONNECTIONS_PASSWORD: PASSWORDS.connections,
        NATS_WORKSPACES_PASSWORD: PASSWORDS.workspaces,
        NATS_DEPLOYMENTS_PASSWORD: PASSWORDS.deployments,
        NATS_DEPLOYMENT_WORKER_PASSWORD: PASSWORDS['deployment-worker'],
        NATS_RULESETS_PASSWORD: PASSWORDS.rulesets,
        NATS_MCP_PASSWORD: PASSWORDS.mcp,
      },
    });
    await waitFor(() => portAnswers(port), 10_000, `nats-server on ${port}`);
    db = await createTestDatabase();
    busOf = (app: AppName): BusConfig => ({
      kind: 'nats',
      url: `nats://${app}:${PASSWORDS[app]}@127.0.0.1:${port}`,
      prefix: '',
      timeoutMs: 5000,
      shutdownGraceMs: 100,
    });
    system = await startSystem({
      bus: busOf('gateway'),
      busOf,
      databaseUrl: db.url,
      gatewayPort: 0,
      // Sign-ups counted in the shared budgets' bucket, with the gateway's own user.
      env: { RATE_LIMIT_SIGNUPS_PER_HOUR: '100' },
    });
    http = new HttpClient(system.url!);
  });

  afterAll(async () => {
    await system?.close();
    await db?.drop();
    server?.kill('SIGTERM');
  });

  /** A connection to the test's NATS as `app`'s user, with its own reply inboxes. */
  const connectAs = (app: AppName): Promise<NatsConnection> =>
    connect({
      servers: `nats://127.0.0.1:${port}`,
      user: app,
      pass: PASSWORDS[app],
      inboxPrefix: `_INBOX_${app}`,
    });

  it('lets every app do its work with its own user', async () => {
    expect((await http.get<Json>('/health/ready')).body.ok).toBe(true);
    const { cookie, token, tokenId } = await signUp(http, 'p', 1);
    expect((await http.get('/api/me', { token })).status).toBe(200);
    expect((await http.get<Json>('/api/policies?source=vendor&limit=1')).body.policies).toHaveLength(1);
    // Connections and workspaces ask each other, identity and the catalog over the bus.
    const connection = await http.post<Json>(
      '/api/connections',
      {
        name: 'Perm',
        host: 'us',
        clientId: 'perm-client',
        clientSecret: 'perm-secret',
        organizationId: 'org-1',
      },
      { token },
    );
    expect(connection.status).toBe(200);
    const connectionId = connection.body.connection.id as string;
    const ws = await http.post<Json>('/api/workspaces', { name: 'Perm team' }, { token });
    expect(ws.status).toBe(201);
    const wsId = ws.body.workspace.id as string;
    expect(
      (await http.post(`/api/workspaces/${wsId}/connections`, { connection_id: connectionId }, { token }))
        .status,
    ).toBe(200);
    expect(
      (await http.get<Json>(`/api/workspaces/${wsId}`, { token })).body.workspace.connections,
    ).toHaveLength(1);
    expect(
      (await http.get<Json>(`/api/connections/${connectionId}/impact`, { token })).body.workspace_links,
    ).toBe(1);
    expect((await http.delete(`/api/connections/${connectionId}`, { token })).status).toBe(200);
    expect((await http.get<Json>('/api/rulesets?source=vendor&limit=1')).body.rulesets).toHaveLength(1);
    expect((await http.get<Json>('/api/rulesets')).status).toBe(200);
    expect((await http.delete(`/api/tokens/${tokenId}`, { cookie })).status).toBe(200);
    expect((await http.get('/api/me', { token })).status).toBe(401);
  });

  it('runs the tool server as its own process with its own user, reading and writing over the bus', async () => {
    const user = await signUp(http, 'mcp', 1);
    const mcp = await createMcpApp(loadEnv(McpEnv, { NATS_URL: 'set' }), busOf('mcp'));
    await mcp.listen(0, '127.0.0.1');
    try {
      const url = await mcp.getUrl();
      expect((await new HttpClient(url).get<Json>('/health/ready')).body.ok).toBe(true);
      const client = new McpClient({ name: 'permissions', version: '1' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL('/mcp', url), {
          requestInit: { headers: { authorization: `Bearer ${user.token}` } },
        }),
      );
      const submitted = await client.callTool({
        name: 'submit_idea',
        arguments: { title: 'Over NATS', description: 'Submitted by the tool server as its own user.' },
      });
      expect(submitted.isError).toBeFalsy();
      const listed = await client.callTool({ name: 'list_ideas', arguments: { mine: true } });
      expect((listed.structuredContent as Json).ideas).toEqual([
        expect.objectContaining({ title: 'Over NATS' }),
      ]);
      await client.close();
    } finally {
      await mcp.close();
    }
  });

  it.each(['deployments', 'deployment-worker'] as const)(
    "lets %s ask the connections service for a platform token on v2, and its previous release's replicas on v1, during a rolling release",
    async (app) => {
      const busConfig = busOf(app);
      const proxy = createClientProxy(busConfig, app);
      await proxy.connect();
      const bus = new BusClient(proxy, busConfig);
      try {
        const ctx = {
          requestId: randomUUID(),
          caller: {
            kind: 'user' as const,
            userId: randomUUID(),
            isAdmin: false,
            scopes: [],
            via: 'token' as const,
          },
        };
        const id = randomUUID();
        // Answered by the connections service (no such connection), not refused by NATS.
        await expect(
          bus.request(ConnectionsRpc.platformAccess, ctx, { id, workspaceId: randomUUID() }),
        ).rejects.toMatchObject({ payload: { code: 'NOT_FOUND' } });
        await expect(bus.request(ConnectionsRpc.platformAccessV1, ctx, { id })).rejects.toMatchObject({
          payload: { code: 'NOT_FOUND' },
        });
      } finally {
        await bus.onApplicationShutdown();
      }
    },
  );

  it.each([
    {
      behaviour:
        "keeps the catalog's user from calling identity's token commands or reading the gateway's replies",
      app: 'catalog' as const,
      pattern: 'identity.token.create.v1',
      data: { name: 'forged', scopes: ['api:write'], expiresInDays: null },
      foreignInbox: '_INBOX_gateway.>',
    },
    {
      behaviour:
        "keeps the rulesets user from approving ideas in the catalog or reading the catalog's replies",
      app: 'rulesets' as const,
      pattern: 'catalog.idea.approve.v1',
      data: { id: '7d4f3b0e-1c2a-4b5c-8d9e-0f1a2b3c4d5e' },
      foreignInbox: '_INBOX_catalog.>',
    },
  ])('$behaviour', async ({ app, pattern, data, foreignInbox }) => {
    const nc = await connectAs(app);
    const errors: string[] = [];
    void (async () => {
      for await (const status of nc.status()) {
        if (status.type === Events.Error)
          errors.push(typeof status.data === 'string' ? status.data : 'error');
      }
    })();
    const forged = {
      ctx: {
        requestId: 'x',
        caller: { kind: 'user', userId: 'someone', isAdmin: true, scopes: ['api:write'], via: 'session' },
      },
      data,
    };
    await expect(
      nc.request(pattern, JSONCodec().encode({ pattern, data: forged, id: '1' }), { timeout: 1000 }),
    ).rejects.toBeDefined();
    nc.subscribe(foreignInbox);
    await nc.flush().catch(() => undefined);
    await new Promise((r) => setTimeout(r, 200));
    await nc.close();
    // One refusal for the forged publish, one for the subscription to the other app's replies.
    expect(errors).toEqual(['PERMISSIONS_VIOLATION', 'PERMISSIONS_VIOLATION']);
  });

  it("carries the catalog's durable events to identity's own consumer, and refuses them from the gateway", async () => {
    const { id: submitterId, cookie } = await signUp(http, 'events', 1);
    const catalog = createDurableEvents(busOf('catalog'), 'catalog');
    const gateway = createDurableEvents(busOf('gateway'), 'gateway');
    const delivered = (eventId: string, title: string): IdeaDeliveredEvent => ({
      eventId,
      ideaId: '7d4f3b0e-1c2a-4b5c-8d9e-0f1a2b3c4d5e',
      ideaTitle: title,
      submitterId,
      resourceType: 'policy',
      resourceId: 'p-1',
      resourceName: 'Perm policy',
    });
    const [first, forged] = [randomUUID(), randomUUID()];
    const titles = async (): Promise<string[]> =>
      ((await http.get<Json>('/api/me/notifications', { cookie })).body.notifications as Json[]).map(
        (n) => n.title as string,
      );
    // The running identity consumes with its own user, through the consumer its permissions name.
    try {
      await catalog.publish(CatalogEvents.ideaDelivered, first, delivered(first, 'Over JetStream'));
      for (let i = 0; i < 100 && (await titles()).length === 0; i++)
        await new Promise((r) => setTimeout(r, 100));
      expect(await titles()).toEqual(['Your idea "Over JetStream" was delivered']);
      await expect(
        gateway.publish(CatalogEvents.ideaDelivered, forged, delivered(forged, 'Forged')),
      ).rejects.toBeDefined();
    } finally {
      await Promise.all([catalog.close(), gateway.close()]);
    }
  });

  it("keeps one app's credentials from deleting, re-pointing or reading another app's durable consumer", async () => {
    const identityConsumer = durableConsumerName('identity', CatalogEvents.ideaDelivered.pattern);
    const catalogConsumer = durableConsumerName('catalog', DeploymentsEvents.deploymentSucceeded.pattern);
    const rulesets = await connectAs('rulesets');
    const catalog = await connectAs('catalog');
    const identity = await connectAs('identity');
    try {
      const rjsm = await rulesets.jetstreamManager({ timeout: 1000 });
      const cjsm = await catalog.jetstreamManager({ timeout: 1000 });
      const ijsm = await identity.jetstreamManager({ timeout: 1000 });
      // The catalog's counter subscribes in the background: wait for its consumer.
      for (let i = 0; i < 100; i++) {
        if (
          await cjsm.consumers.info('EVENTS', catalogConsumer).then(
            () => true,
            () => false,
          )
        )
          break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await expect(rjsm.consumers.delete('EVENTS', catalogConsumer)).rejects.toBeDefined();
      await expect(cjsm.consumers.delete('EVENTS', identityConsumer)).rejects.toBeDefined();
      await expect(rjsm.consumers.info('EVENTS', identityConsumer)).rejects.toBeDefined();
      // Re-pointing identity's consumer at every event, under either create API.
      await expect(
        cjsm.consumers.add('EVENTS', {
          durable_name: identityConsumer,
          ack_policy: AckPolicy.Explicit,
          filter_subject: 'events.>',
        }),
      ).rejects.toBeDefined();
      await expect(
        catalog.request(
          `$JS.API.CONSUMER.DURABLE.CREATE.EVENTS.${identityConsumer}`,
          JSONCodec().encode({
            stream_name: 'EVENTS',
            config: { durable_name: identityConsumer, ack_policy: 'explicit', filter_subject: 'events.>' },
          }),
          { timeout: 1000 },
        ),
      ).rejects.toBeDefined();
      // An app may not delete even its own consumer, nor change the stream it only consumes.
      await expect(cjsm.consumers.delete('EVENTS', catalogConsumer)).rejects.toBeDefined();
      const stream = await ijsm.streams.info('EVENTS');
      await expect(ijsm.streams.update('EVENTS', { ...stream.config, max_age: 1 })).rejects.toBeDefined();
      // Both consumers are still there, unchanged, for their owners.
      expect((await ijsm.consumers.info('EVENTS', identityConsumer)).config.filter_subject).toBe(
        `events.${CatalogEvents.ideaDelivered.pattern}`,
      );
      expect((await cjsm.consumers.info('EVENTS', catalogConsumer)).config.filter_subject).toBe(
        `events.${DeploymentsEvents.deploymentSucceeded.pattern}`,
      );
    } finally {
      await Promise.all([rulesets.close(), catalog.close(), identity.close()]);
    }
  });

  // Connected as the deployment worker, deleting the deployments queue's consumer stopped every worker;
  // and the gateway could publish identity's and deployments' events, which it only hears.
  it("keeps a work queue's consumer from being deleted by its own users, and the gateway from publishing the events it hears", async () => {
    const queues: Array<[AppName, string, string]> = [
      ['deployment-worker', 'JOBS_deployments', 'deployments-workers'],
      ['deployments', 'JOBS_deployments', 'deployments-workers'],
      ['rulesets', `JOBS_${REEVALUATION_QUEUE.name}`, `${REEVALUATION_QUEUE.name}-workers`],
    ];
    const connections: NatsConnection[] = [];
    try {
      for (const [app, stream, durable] of queues) {
        const nc = await connectAs(app);
        connections.push(nc);
        const jsm = await nc.jetstreamManager({ timeout: 1000 });
        // Its own queue's consumer: read, never deleted.
        expect((await jsm.consumers.info(stream, durable)).config.durable_name).toBe(durable);
        await expect(jsm.consumers.delete(stream, durable)).rejects.toBeDefined();
        expect((await jsm.consumers.info(stream, durable)).config.durable_name).toBe(durable);
      }

      // The gateway hears these events (a listener of its own sees identity's), and cannot publish them.
      const listener = await connectAs('gateway');
      const gateway = await connectAs('gateway');
      const identity = await connectAs('identity');
      const worker = await connectAs('deployment-worker');
      connections.push(listener, gateway, identity, worker);
      const heard: string[] = [];
      for (const heardEvent of [IdentityEvents.tokenRevoked, DeploymentsEvents.jobEnded])
        listener.subscribe(heardEvent.pattern, { callback: (_error, msg) => heard.push(msg.string()) });
      await listener.flush();
      gateway.publish(IdentityEvents.tokenRevoked.pattern, '{"forged":"revoked"}');
      gateway.publish(DeploymentsEvents.jobEnded.pattern, '{"forged":"ended"}');
      await gateway.flush();
      identity.publish(IdentityEvents.tokenRevoked.pattern, '{"from":"identity"}');
      worker.publish(DeploymentsEvents.jobEnded.pattern, '{"from":"deployment-worker"}');
      await Promise.all([identity.flush(), worker.flush()]);
      for (let i = 0; i < 50 && heard.length < 2; i++) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 200));
      expect(heard.sort()).toEqual(['{"from":"deployment-worker"}', '{"from":"identity"}']);
    } finally {
      await Promise.all(connections.map((nc) => nc.close()));
    }
  });
});
