import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import { type RequestContext, WebhooksRpc } from '@pc/contracts';
import { identityUnderTest } from '../testing/identity-under-test';
import { LoopbackServer } from '../testing/loopback-server';

jest.setTimeout(60_000);

/** A loopback HTTP server: `answering` answers 200 at once; otherwise it never answers. */
class LoopbackReceiver extends LoopbackServer {
  constructor(private readonly answering: boolean) {
    super();
  }

  protected handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    req.resume();
    if (this.answering) req.on('end', () => res.writeHead(200).end('ok'));
  }
}

/**
 * Webhook deliveries shared fairly between owners, with the production timeout (10 s) and slots (16 a
 * replica): one user's endpoints on a receiver that never answers and a burst of their pings must not
 * hold the slots another user's ping waits for.
 */
describe('webhook delivery fairness (identity service, real PostgreSQL)', () => {
  const identity = identityUnderTest({
    OUTBOUND_ALLOWLIST: '127.0.0.1',
    WEBHOOKS_REQUIRE_HTTPS: 'false',
    WEBHOOKS_TIMEOUT_MS: '10000',
    WEBHOOKS_CONCURRENCY: '16',
    WEBHOOKS_ENDPOINT_CONCURRENCY: '2',
  });
  const silent = new LoopbackReceiver(false);
  const answering = new LoopbackReceiver(true);
  beforeAll(() => Promise.all([silent.start(), answering.start()]));
  afterAll(() => Promise.all([silent.close(), answering.close()]));

  async function eventually<T>(probe: () => Promise<T | undefined>): Promise<T> {
    for (const deadline = Date.now() + 15_000; ;) {
      const value = await probe();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error('condition not met in 15 s');
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /** How long a ping of `endpointId` takes from the request until its delivery succeeded. */
  async function pingTime(session: RequestContext, endpointId: string): Promise<number> {
    const started = Date.now();
    const { delivery } = await identity.request(WebhooksRpc.ping, session, { id: endpointId });
    for (;;) {
      const page = await identity.request(WebhooksRpc.listDeliveries, session, { id: endpointId });
      if (page.deliveries.find((d) => d.id === delivery.id)?.status === 'succeeded')
        return Date.now() - started;
      if (Date.now() - started > 30_000) throw new Error('the ping was not delivered in 30 s');
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  it("keeps another user's ping at its normal time while one user's ten endpoints never answer 60 pings", async () => {
    const [mallory, ada] = [await identity.newUser(), await identity.newUser()];
    const { endpoint: adas } = await identity.request(WebhooksRpc.create, ada.session, {
      url: `http://127.0.0.1:${answering.port}/ada`,
      event_types: ['webhook.ping'],
    });
    const normal = await pingTime(ada.session, adas.id);

    const mallorys = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        identity.request(WebhooksRpc.create, mallory.session, {
          url: `http://127.0.0.1:${silent.port}/mallory/${n}`,
          event_types: ['webhook.ping'],
        }),
      ),
    );
    for (let n = 0; n < 60; n++)
      await identity.request(WebhooksRpc.ping, mallory.session, { id: mallorys[n % 10].endpoint.id });
    // Mallory's attempts now hold what they may of the slots, for the whole timeout.
    await new Promise((r) => setTimeout(r, 500));
    const [{ sending }] = await identity.sql<{ sending: number }>(
      `SELECT count(*)::int AS sending FROM identity.webhook_deliveries d
         JOIN identity.webhook_endpoints e ON e.id = d.endpoint_id
        WHERE e.user_id = $1 AND d.status = 'sending'`,
      [mallory.id],
    );
    expect(sending).toBeGreaterThan(0);
    expect(sending).toBeLessThanOrEqual(4);

    const during = await pingTime(ada.session, adas.id);
    expect({ normal, during: during < normal + 2000 }).toEqual({ normal, during: true });
    await silent.close();
  });

  it("keeps one user's share whatever the number of workspaces they own: another user's ping is sent while theirs still wait", async () => {
    const never = new LoopbackReceiver(false);
    await never.start();
    try {
      const [mallory, ada] = [await identity.newUser(), await identity.newUser()];
      const { endpoint: adas } = await identity.request(WebhooksRpc.create, ada.session, {
        url: `http://127.0.0.1:${answering.port}/ada`,
        event_types: ['webhook.ping'],
      });
      // Four workspaces of Mallory's, each an owner of its own with two endpoints that never answer:
      // four owners' shares would be all 16 slots of the replica.
      const theirs: string[] = [];
      for (let w = 0; w < 4; w++) {
        const workspace = randomUUID();
        identity.role(mallory.id, workspace, 'owner');
        for (let n = 0; n < 2; n++) {
          const { endpoint } = await identity.request(WebhooksRpc.create, mallory.session, {
            url: `http://127.0.0.1:${never.port}/mallory/${w}/${n}`,
            workspace_id: workspace,
            event_types: ['webhook.ping'],
          });
          theirs.push(endpoint.id);
        }
      }
      for (let n = 0; n < 32; n++)
        await identity.request(WebhooksRpc.ping, mallory.session, { id: theirs[n % theirs.length] });
      const malloryAttempts = async () =>
        (
          await identity.sql<{ sending: number; ended: number }>(
            `SELECT count(*) FILTER (WHERE d.status = 'sending')::int AS sending,
                    (SELECT count(*)::int FROM identity.webhook_delivery_attempts a
                       JOIN identity.webhook_deliveries ad ON ad.id = a.delivery_id
                       JOIN identity.webhook_endpoints ae ON ae.id = ad.endpoint_id
                      WHERE ae.user_id = $1) AS ended
               FROM identity.webhook_deliveries d
               JOIN identity.webhook_endpoints e ON e.id = d.endpoint_id
              WHERE e.user_id = $1`,
            [mallory.id],
          )
        )[0];
      // Mallory's attempts under way hold what they may of the slots, for the whole timeout (10 s).
      const holding = await eventually(async () => {
        const now = await malloryAttempts();
        return now.sending > 0 ? now : undefined;
      });
      await pingTime(ada.session, adas.id);
      // At most one user's share (WEBHOOKS_OWNER_CONCURRENCY, 4) was Mallory's, and Ada's message was
      // sent while every attempt of Mallory's was still waiting for its answer.
      const after = await malloryAttempts();
      expect({ atMostAShare: holding.sending <= 4, malloryEnded: after.ended }).toEqual({
        atMostAShare: true,
        malloryEnded: 0,
      });
    } finally {
      await never.close();
    }
  });
});
