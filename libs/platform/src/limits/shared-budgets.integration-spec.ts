import { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { OwnNats, testEnv, uniqueBusPrefix } from '@pc/testing';
import { connect } from 'nats';
import { budgetsBucket } from '../messaging/nats-permissions';
import { FixedWindowLimiter, MINUTE_MS } from './fixed-window-limiter';
import { type BudgetStore, JetStreamBudgetStore, MemoryBudgetStore } from './shared-budgets';

/**
 * The budgets two replicas share: over NATS two stores on one prefix stand for two gateway (or tool
 * server) replicas; the in-process store is the one every app of an embedded process shares.
 */
describe.each(['jetstream', 'in-process'] as const)('shared budgets on %s', (kind) => {
  const stores: BudgetStore[] = [];
  /** Two replicas' stores on one bus. */
  const replicas = (leaseMs = 30_000): [BudgetStore, BudgetStore] => {
    if (kind === 'in-process') {
      const shared = new MemoryBudgetStore();
      return [shared, shared];
    }
    const prefix = uniqueBusPrefix();
    const replica = (n: number) =>
      new JetStreamBudgetStore({ url: testEnv().natsUrl, prefix, app: `replica-${n}`, leaseMs });
    const pair: [BudgetStore, BudgetStore] = [replica(0), replica(1)];
    stores.push(...pair);
    return pair;
  };
  afterAll(() => Promise.all(stores.map((s) => s.close())));

  it('gives a user one budget over both replicas, each request counted once even when they count at once', async () => {
    const [a, b] = replicas();
    const limiters = [a, b].map(
      (store) => new FixedWindowLimiter({ check: { limit: 7, windowMs: MINUTE_MS } }, store),
    );
    const now = Date.now();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => limiters[i % 2].take('check', ['user:u1'], now)),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(7);
    const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason.payload).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.reason.payload.retryAfter).toBeGreaterThan(0);
    expect(refused.reason.payload.retryAfter).toBeLessThanOrEqual(60);
    // Another user, and the next window, are not affected.
    await limiters[1].take('check', ['user:u2'], now);
    await limiters[0].take('check', ['user:u1'], now + MINUTE_MS);
  });

  it('counts nothing for a refused request: its address is not charged when its user is over', async () => {
    const [a, b] = replicas();
    const limiter = (store: BudgetStore) =>
      new FixedWindowLimiter({ write: { limit: 1, windowMs: MINUTE_MS } }, store);
    const now = Date.now();
    await limiter(a).take('write', ['ip:10.0.0.1', 'user:u1'], now);
    await expect(limiter(b).take('write', ['ip:10.0.0.2', 'user:u1'], now)).rejects.toMatchObject({
      payload: { code: 'RATE_LIMITED' },
    });
    // 10.0.0.2 was not charged for the refused request.
    await limiter(a).take('write', ['ip:10.0.0.2', 'user:u2'], now);
  });

  it('checks each key against its own limit, and takes back a count on either replica', async () => {
    const [a, b] = replicas();
    const now = Date.now();
    const windowMs = 15 * MINUTE_MS;
    const attempt = (store: BudgetStore) =>
      store.count(
        [
          { key: 'signin-email|10.0.0.1|ada', limit: 2 },
          { key: 'signin-account|ada', limit: 3 },
        ],
        windowMs,
        now,
      );
    // Counted at once on both replicas: two pass, the rest refused with the window's end.
    const outcomes = await Promise.all([a, b, a, b].map(attempt));
    expect(outcomes.filter((o) => o === null)).toHaveLength(2);
    expect(outcomes.filter((o) => o !== null)).toEqual([
      Math.floor(now / windowMs) * windowMs + windowMs,
      Math.floor(now / windowMs) * windowMs + windowMs,
    ]);
    // One given back on the other replica: one more passes.
    await b.giveBack({ one: ['signin-email|10.0.0.1|ada', 'signin-account|ada'] }, windowMs, now);
    expect(await attempt(a)).toBeNull();
    expect(await attempt(b)).not.toBeNull();
    // All of one key cleared: one more passes, then the other key's limit (3) refuses.
    await a.giveBack({ one: [], all: ['signin-email|10.0.0.1|ada'] }, windowMs, now);
    expect(await attempt(b)).toBeNull();
    expect(await attempt(a)).not.toBeNull();
    expect(await b.count([{ key: 'signin-email|10.0.0.1|ada', limit: 2 }], windowMs, now)).toBeNull();
  });

  it('holds at most the limit of leases over both replicas, and gives one back on release', async () => {
    const [a, b] = replicas();
    const first = await a.lease('streams|user:u1', 2);
    const second = await b.lease('streams|user:u1', 2);
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(await a.lease('streams|user:u1', 2)).toBeNull();
    expect(await b.lease('streams|user:u2', 2)).not.toBeNull();
    await first!();
    expect(await b.lease('streams|user:u1', 2)).not.toBeNull();
  });

  if (kind === 'jetstream') {
    it('lets the lease of a replica that vanished lapse, while a live replica keeps renewing its own', async () => {
      const [a, b] = replicas(900);
      expect(await a.lease('streams|user:u1', 2)).not.toBeNull();
      expect(await b.lease('streams|user:u1', 2)).not.toBeNull();
      // Replica a dies without releasing (no renewals after close).
      await a.close();
      const deadline = Date.now() + 10_000;
      let taken = await b.lease('streams|user:u1', 2);
      while (!taken && Date.now() < deadline) {
        await sleep(100);
        taken = await b.lease('streams|user:u1', 2);
      }
      expect(taken).not.toBeNull();
      // b's two leases are renewed past several lease periods: the limit still holds.
      await sleep(2_000);
      expect(await b.lease('streams|user:u1', 2)).toBeNull();
    });
  }
});

/**
 * The bucket is JetStream memory storage: a NATS restart loses it. A replica's store binds it again
 * as soon as its connection is back (and when a call fails), so budgets (and everything rate-limited or
 * leased behind them) answer again as soon as NATS does, without restarting the replica. NATS of the
 * test's own, stopped like a crash.
 */
describe('shared budgets across a NATS restart', () => {
  jest.setTimeout(60_000);
  const prefix = uniqueBusPrefix();
  let nats: OwnNats;
  let store: JetStreamBudgetStore;

  beforeAll(async () => {
    nats = await OwnNats.start();
    store = new JetStreamBudgetStore({ url: nats.url, prefix, app: 'restart' });
  });
  afterAll(async () => {
    await store.close();
    await nats.stop();
  });

  /** Seconds from `since` until `attempt` first succeeds (tried every 200 ms, for at most 20 s). */
  async function secondsUntil(attempt: () => Promise<unknown>, since: number): Promise<number> {
    for (;;) {
      try {
        await attempt();
        return (Date.now() - since) / 1000;
      } catch (error) {
        if (Date.now() - since > 20_000) throw error;
        await sleep(200);
      }
    }
  }

  it('counts and leases again within seconds after NATS is back, the bucket created anew', async () => {
    const limiter = new FixedWindowLimiter({ check: { limit: 100, windowMs: MINUTE_MS } }, store);
    await limiter.take('check', ['user:u1'], Date.now());
    // Given back: no renewal of it calls NATS around the restart, only the requests below.
    const release = await store.lease('streams|user:u1', 5);
    expect(release).not.toBeNull();
    await release!();

    await nats.stop();
    // Two requests at once while NATS is away: both refused, waiting on the one connection.
    for (const refused of await Promise.allSettled([
      limiter.take('check', ['user:u1'], Date.now()),
      limiter.take('check', ['user:u2'], Date.now()),
    ]))
      expect(refused).toMatchObject({
        status: 'rejected',
        reason: { payload: { code: 'SERVICE_UNAVAILABLE' } },
      });
    await nats.start();
    const back = Date.now();
    // Created anew before any request asks for it: the first request after the restart does not wait
    // out a call on the lost bucket (which NATS never answers) to find it gone.
    expect(await bucketCreatedAgain(nats.url, budgetsBucket(prefix))).toBe(true);
    expect(await secondsUntil(() => limiter.take('check', ['user:u1'], Date.now()), back)).toBeLessThan(5);
    expect(await secondsUntil(() => store.lease('streams|user:u2', 5).then(orThrow), back)).toBeLessThan(5);

    // Still one connection once every client had its turn to reconnect (a NATS client waits 2 s between
    // tries): an outage costs the replica no connection it cannot close. Closed, the store holds none.
    await sleep(2_500);
    expect(connectionsTo(nats.port)).toBe(1);
    await store.close();
    expect(connectionsTo(nats.port)).toBe(0);
  });
});

/** Whether the bucket `name` comes to exist on NATS at `url` within 20 s (looked at by a client of its own). */
async function bucketCreatedAgain(url: string, name: string): Promise<boolean> {
  const nc = await connect({ servers: url });
  try {
    const jsm = await nc.jetstreamManager();
    for (const deadline = Date.now() + 20_000; Date.now() < deadline; await sleep(200)) {
      const found = await jsm.streams.info(`KV_${name}`).then(
        () => true,
        () => false,
      );
      if (found) return true;
    }
    return false;
  } finally {
    await nc.close();
  }
}

/** This process's open TCP connections to `port`. */
function connectionsTo(port: number): number {
  const handles = (process as unknown as { _getActiveHandles(): unknown[] })._getActiveHandles();
  return handles.filter((h) => h instanceof Socket && h.remotePort === port && !h.destroyed).length;
}

function orThrow<T>(value: T | null): T {
  if (value === null) throw new Error('no lease');
  return value;
}
