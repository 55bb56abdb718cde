import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AuditEvents, type AuditRecordedEvent } from '@pc/contracts';
import { type BusConfig, createDurableEvents, loadEnv } from '@pc/platform';
import { testBus } from '@pc/testing';
import { GatewayEnv } from '../gateway.env';
import { AuditOutbox } from './audit-outbox';

const record = (n: number): AuditRecordedEvent => ({
  at: new Date().toISOString(),
  actor_user_id: null,
  actor_via: 'anonymous',
  actor_token_id: null,
  address: '127.0.0.1',
  user_agent: 'outbox-spec',
  request_id: `request-${n}`,
  action: 'auth.sign_in_failed',
  target_type: 'email',
  target_id: `user${n}@example.com`,
  workspace_id: null,
  summary: {},
});

const ids = ['1', '2', '3'].map((n) => `00000000-0000-4000-8000-00000000000${n}`);

describe("the gateway's audit outbox (real NATS)", () => {
  let dir: string;
  const bus = testBus('nats') as Extract<BusConfig, { kind: 'nats' }>;
  const env = (extra: Record<string, string> = {}) =>
    loadEnv(GatewayEnv, { AUDIT_OUTBOX_DIR: dir, AUDIT_OUTBOX_RETRY_MS: '100', ...extra });

  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'audit-outbox-spec-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps the records made while NATS is down and publishes them, once each, when it is back (after a restart too)', async () => {
    // NATS unreachable: the records are kept on disk, the requests that made them were answered.
    const down = createDurableEvents({ ...bus, url: 'nats://127.0.0.1:1' }, 'gateway');
    const first = new AuditOutbox(env(), down);
    for (const [n, id] of ids.entries()) await first.add(id, record(n));
    await first.settled();
    expect(readdirSync(dir).filter((f) => f.endsWith('.json'))).toHaveLength(3);
    expect(first.pendingBytes).toBeGreaterThan(0);
    await first.onApplicationShutdown();
    await down.close();

    // The gateway starts again with NATS back: what the last run left is published, in order.
    const received: string[] = [];
    const consumer = createDurableEvents(bus, 'identity');
    const worker = await consumer.subscribe(AuditEvents.recorded, 'identity', async (event, delivery) => {
      expect(event.user_agent).toBe('outbox-spec');
      received.push(delivery.id);
      return Promise.resolve();
    });
    const up = createDurableEvents(bus, 'gateway');
    const second = new AuditOutbox(env(), up);
    expect(second.pendingBytes).toBe(first.pendingBytes);
    second.onApplicationBootstrap();
    try {
      const deadline = Date.now() + 10_000;
      while (received.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(received).toEqual(ids);
      await second.settled();
      expect(readdirSync(dir).filter((f) => f.endsWith('.json'))).toEqual([]);
      expect(second.pendingBytes).toBe(0);
    } finally {
      await second.onApplicationShutdown();
      await worker.stop();
      await consumer.close();
      await up.close();
    }
  });

  it('stops accepting records (audited routes answer 503) when it holds AUDIT_OUTBOX_MAX_BYTES', async () => {
    const down = createDurableEvents({ ...bus, url: 'nats://127.0.0.1:1' }, 'gateway');
    const outbox = new AuditOutbox(env({ AUDIT_OUTBOX_MAX_BYTES: String(1024 * 1024) }), down);
    try {
      expect(outbox.accepting()).toBe(true);
      const big = { ...record(0), summary: { note: 'x'.repeat(1024 * 1024) } };
      await outbox.add(ids[0], big);
      expect(outbox.accepting()).toBe(false);
    } finally {
      await outbox.onApplicationShutdown();
      await down.close();
    }
  });
});
