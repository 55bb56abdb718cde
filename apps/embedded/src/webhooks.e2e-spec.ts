import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DeploymentsEvents } from '@pc/contracts';
import { type BusConfig, createDurableEvents } from '@pc/platform';
import {
  cookieFrom,
  createTestDatabase,
  E2E_BUSES,
  HttpClient,
  testBus,
  type TestDatabase,
} from '@pc/testing';
import { Client } from 'pg';
import { Webhook } from 'standardwebhooks';
import { type RunningSystem, startSystem } from './system';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface Received {
  headers: Record<string, string>;
  body: string;
}

/** A receiver as a customer would write one: records each request, answers 500 while told to fail. */
class TestReceiver {
  readonly received: Received[] = [];
  failNext = 0;
  private server!: http.Server;
  port = 0;

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const headers = Object.fromEntries(
          Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]),
        );
        this.received.push({ headers, body: Buffer.concat(chunks).toString('utf8') });
        if (this.failNext > 0) {
          this.failNext--;
          res.writeHead(500).end('receiver down');
        } else res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

async function eventually<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(E2E_BUSES)('webhooks over the %s bus', (kind) => {
  let db: TestDatabase;
  let bus: BusConfig;
  let system: RunningSystem;
  let api: HttpClient;
  const receiver = new TestReceiver();
  let counter = 0;

  beforeAll(async () => {
    await receiver.start();
    db = await createTestDatabase();
    bus = testBus(kind);
    system = await startSystem({
      bus,
      databaseUrl: db.url,
      gatewayPort: 0,
      env: {
        OUTBOUND_ALLOWLIST: `127.0.0.1:${receiver.port}`,
        WEBHOOKS_REQUIRE_HTTPS: 'false',
        WEBHOOKS_RETRY_BASE_MS: '50',
        WEBHOOKS_POLL_MS: '50',
        WEBHOOKS_MAX_ENDPOINTS_PER_USER: '3',
      },
    });
    api = new HttpClient(system.url!);
  });

  afterAll(async () => {
    await system?.close();
    await db?.drop();
    await receiver.close();
  });

  async function newUser(): Promise<{ cookie: string; id: string }> {
    const res = await api.post<Json>('/api/auth/signup', {
      email: `hooks${++counter}-${Date.now()}@example.com`,
      password: 'password123',
      name: `Hooks ${counter}`,
    });
    expect(res.status).toBe(201);
    return { cookie: cookieFrom(res, 'sb-access-token')!, id: res.body.user.id };
  }

  async function subscribe(cookie: string, eventTypes = ['webhook.ping', 'deployment.succeeded']) {
    const res = await api.post<Json>(
      '/api/webhooks',
      { url: receiver.url('/hook'), description: 'CI', event_types: eventTypes },
      { cookie },
    );
    expect(res.status).toBe(201);
    return res.body as { endpoint: Json; secret: string };
  }

  const messagesWithId = (id: string) => receiver.received.filter((r) => r.headers['webhook-id'] === id);

  async function settled(cookie: string, endpointId: string, deliveryId: string, status = 'succeeded') {
    return eventually(async () => {
      const page = await api.get<Json>(`/api/webhooks/${endpointId}/deliveries`, { cookie });
      const delivery = (page.body.deliveries as Json[]).find((d) => d.id === deliveryId);
      return delivery?.status === status ? delivery : undefined;
    });
  }

  it('delivers a signed message that the Standard Webhooks verifier accepts, and refuses forgeries', async () => {
    const { cookie } = await newUser();
    const { endpoint, secret } = await subscribe(cookie);
    expect(secret).toMatch(/^whsec_/);
    const listed = await api.get<Json>('/api/webhooks', { cookie });
    expect(JSON.stringify(listed.body)).not.toContain(secret);

    const ping = await api.post<Json>(`/api/webhooks/${endpoint.id}/ping`, {}, { cookie });
    expect(ping.status).toBe(201);
    const delivery = await settled(cookie, endpoint.id, ping.body.delivery.id);
    expect(delivery).toMatchObject({ attempts: 1, response_status: 204 });
    const [message] = messagesWithId(ping.body.delivery.id);
    expect(message).toBeDefined();

    const verifier = new Webhook(secret);
    expect(verifier.verify(message.body, message.headers)).toMatchObject({
      type: 'webhook.ping',
      version: 1,
      data: { endpoint_id: endpoint.id },
    });
    expect(() => verifier.verify(message.body.replace('ping', 'pong'), message.headers)).toThrow(
      /No matching signature/,
    );
    expect(() =>
      new Webhook(`whsec_${Buffer.from('another secret of 32 bytes......').toString('base64')}`).verify(
        message.body,
        message.headers,
      ),
    ).toThrow(/No matching signature/);
    const old = new Date(Date.now() - 10 * 60_000);
    const replayed = {
      ...message.headers,
      'webhook-timestamp': String(Math.floor(old.getTime() / 1000)),
      'webhook-signature': verifier.sign(message.headers['webhook-id'], old, message.body),
    };
    expect(() => verifier.verify(message.body, replayed)).toThrow(/too old/);
  });

  it('retries a failing receiver with backoff until it answers, with the same webhook-id, and logs each attempt', async () => {
    const { cookie } = await newUser();
    const { endpoint, secret } = await subscribe(cookie);
    receiver.failNext = 3;
    const ping = await api.post<Json>(`/api/webhooks/${endpoint.id}/ping`, {}, { cookie });
    const delivery = await settled(cookie, endpoint.id, ping.body.delivery.id);
    expect(delivery).toMatchObject({ attempts: 4, response_status: 204 });
    const attempts = messagesWithId(ping.body.delivery.id);
    expect(attempts).toHaveLength(4);
    for (const attempt of attempts)
      expect(() => new Webhook(secret).verify(attempt.body, attempt.headers)).not.toThrow();

    // Redeliver: once more, same id, a fresh signature.
    const again = await api.post<Json>(
      `/api/webhooks/${endpoint.id}/deliveries/${ping.body.delivery.id}/redeliver`,
      {},
      { cookie },
    );
    expect(again.status).toBe(201);
    await eventually(() => (messagesWithId(ping.body.delivery.id).length === 5 ? true : undefined));
    expect((await settled(cookie, endpoint.id, ping.body.delivery.id)).attempts).toBe(5);
  });

  it('sends again an attempt whose worker died mid-delivery (its lease ran out)', async () => {
    const { cookie } = await newUser();
    const { endpoint } = await subscribe(cookie);
    const ping = await api.post<Json>(`/api/webhooks/${endpoint.id}/ping`, {}, { cookie });
    await settled(cookie, endpoint.id, ping.body.delivery.id);
    // What a replica killed during the attempt leaves behind: the attempt claimed, its lease over.
    const sql = new Client({ connectionString: db.url });
    await sql.connect();
    try {
      await sql.query(
        `UPDATE identity.webhook_deliveries SET status = 'sending', delivered_at = NULL,
                lease_until = now() - interval '1 second' WHERE id = $1`,
        [ping.body.delivery.id],
      );
    } finally {
      await sql.end();
    }
    const delivery = await settled(cookie, endpoint.id, ping.body.delivery.id);
    expect(delivery.attempts).toBe(2);
    expect(messagesWithId(ping.body.delivery.id)).toHaveLength(2);
  });

  it('signs with both secrets during a rotation overlap, and with the new one alone after it', async () => {
    const { cookie } = await newUser();
    const { endpoint, secret: first } = await subscribe(cookie);
    const rotated = await api.post<Json>(
      `/api/webhooks/${endpoint.id}/rotate-secret`,
      { overlap_seconds: 3600 },
      { cookie },
    );
    expect(rotated.status).toBe(201);
    const second = rotated.body.secret as string;
    expect(second).not.toBe(first);
    expect(rotated.body.endpoint.previous_secret_expires_at).not.toBeNull();
    const ping = await api.post<Json>(`/api/webhooks/${endpoint.id}/ping`, {}, { cookie });
    await settled(cookie, endpoint.id, ping.body.delivery.id);
    const [message] = messagesWithId(ping.body.delivery.id);
    expect(() => new Webhook(first).verify(message.body, message.headers)).not.toThrow();
    expect(() => new Webhook(second).verify(message.body, message.headers)).not.toThrow();

    const third = await api.post<Json>(
      `/api/webhooks/${endpoint.id}/rotate-secret`,
      { overlap_seconds: 0 },
      { cookie },
    );
    const ping2 = await api.post<Json>(`/api/webhooks/${endpoint.id}/ping`, {}, { cookie });
    await settled(cookie, endpoint.id, ping2.body.delivery.id);
    const [message2] = messagesWithId(ping2.body.delivery.id);
    expect(() => new Webhook(second).verify(message2.body, message2.headers)).toThrow();
    expect(() =>
      new Webhook(third.body.secret as string).verify(message2.body, message2.headers),
    ).not.toThrow();
  });

  it("delivers a durable deployment event to the endpoints of the deployment's author", async () => {
    const { cookie, id } = await newUser();
    const { endpoint, secret } = await subscribe(cookie, ['deployment.succeeded']);
    const events = createDurableEvents(bus, 'webhooks-spec');
    const eventId = randomUUID();
    const payload = {
      deployment_id: randomUUID(),
      asset_type: 'policy' as const,
      policy_id: randomUUID(),
      ruleset_id: null,
      workspace_id: randomUUID(),
      connection_id: randomUUID(),
      platform_org_id: 'org-1',
      created_by: id,
    };
    try {
      await events.publish(DeploymentsEvents.deploymentSucceeded, eventId, payload);
    } finally {
      await events.close();
    }
    const message = await eventually(() =>
      receiver.received.find((r) => r.body.includes(payload.deployment_id)),
    );
    expect(new Webhook(secret).verify(message.body, message.headers)).toMatchObject({
      type: 'deployment.succeeded',
      data: { deployment_id: payload.deployment_id, workspace_id: payload.workspace_id },
    });
    const page = await api.get<Json>(`/api/webhooks/${endpoint.id}/deliveries`, { cookie });
    expect(page.body.deliveries).toHaveLength(1);
    expect(page.body.deliveries[0]).toMatchObject({ event_id: eventId, event_type: 'deployment.succeeded' });
  });

  it("refuses private addresses, unknown event types and more endpoints than allowed; hides others' endpoints", async () => {
    const { cookie } = await newUser();
    const privateUrl = await api.post<Json>(
      '/api/webhooks',
      { url: 'http://10.1.2.3/hook', event_types: ['webhook.ping'] },
      { cookie },
    );
    expect(privateUrl.status).toBe(422);
    expect(privateUrl.body.message).toMatch(/private/);
    const loopback = await api.post<Json>(
      '/api/webhooks',
      { url: 'http://127.0.0.1:1/hook', event_types: ['webhook.ping'] },
      { cookie },
    );
    expect(loopback.status).toBe(422);
    const unknown = await api.post<Json>(
      '/api/webhooks',
      { url: receiver.url('/hook'), event_types: ['policy.exploded'] },
      { cookie },
    );
    expect(unknown.status).toBe(400);
    for (let n = 0; n < 3; n++) await subscribe(cookie);
    const fourth = await api.post<Json>(
      '/api/webhooks',
      { url: receiver.url('/hook'), event_types: ['webhook.ping'] },
      { cookie },
    );
    expect(fourth.status).toBe(422);
    expect(fourth.body.message).toMatch(/WEBHOOKS_MAX_ENDPOINTS_PER_USER/);

    const [mine] = (await api.get<Json>('/api/webhooks', { cookie })).body.endpoints as Json[];
    const stranger = await newUser();
    expect((await api.get<Json>(`/api/webhooks/${mine.id}`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await api.delete<Json>(`/api/webhooks/${mine.id}`, { cookie: stranger.cookie })).status).toBe(
      404,
    );
    expect((await api.get<Json>(`/api/webhooks/${mine.id}`)).status).toBe(401);
    expect((await api.delete<Json>(`/api/webhooks/${mine.id}`, { cookie })).status).toBe(200);
  });
});
