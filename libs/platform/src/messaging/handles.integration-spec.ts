import { Controller, Module } from '@nestjs/common';
import { type Envelope, type PingResult, rpc } from '@pc/contracts';
import { sendRaw, testEnv, uniqueBusPrefix } from '@pc/testing';
import { connect, type NatsConnection } from 'nats';
import { z } from 'zod';
import { type RunningService, startService } from '../bootstrap/service';
import type { BusConfig } from './bus';
import { Handles } from './handles.decorator';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

// A throw-away service's descriptors; the real ones are in @pc/contracts, every handler under @Handles.
const Test = {
  ping: rpc<Record<string, never>, PingResult>('test.messages.ping.v1'),
  create: rpc<{ name: string; slug: string }, { created: string }>(
    'test.messages.create.v1',
    z.object({ name: z.string().min(2), slug: z.string().regex(/^[a-z0-9-]+$/) }),
  ),
};

/**
 * Any app on the bus can send a service any message: one that does not match its contract (the envelope,
 * or the descriptor's data schema) is refused where it enters the service, with BUS.MESSAGE_INVALID and
 * its problems, before a handler runs: no crash, no write. Sent straight over NATS, as a broken or foreign
 * app would, to a service started as every service is (its ping handler is the platform's).
 */
describe('malformed messages sent straight over NATS to a service', () => {
  const bus: BusConfig = {
    kind: 'nats',
    url: testEnv().natsUrl,
    prefix: uniqueBusPrefix(),
    timeoutMs: 5000,
    shutdownGraceMs: 100,
  };
  const created: string[] = [];
  let service: RunningService;
  let nc: NatsConnection;

  beforeAll(async () => {
    @Controller()
    class CreateHandler {
      @Handles(Test.create)
      create({ data }: Envelope<{ name: string; slug: string }>) {
        created.push(data.slug);
        return { created: data.slug };
      }
    }
    @Module({ controllers: [CreateHandler] })
    class TestModule {}
    service = await startService({ name: 'test', ping: Test.ping, module: { module: TestModule } }, bus);
    nc = await connect({ servers: testEnv().natsUrl });
  });

  afterAll(async () => {
    await nc?.close();
    await service?.close();
  });

  /** A request as Nest's NATS client frames it, sent by hand. */
  const send = (pattern: string, message: unknown) => sendRaw(nc, bus, pattern, message);

  it('answers BUS.MESSAGE_INVALID with its problems to a malformed envelope, and keeps answering', async () => {
    for (const pattern of [Test.ping.pattern, Test.create.pattern])
      for (const message of [
        { ctx: { requestId: 7, caller: { kind: 'root' } }, data: {} },
        { data: {} },
        'not an envelope',
        null,
      ]) {
        const reply = await send(pattern, message);
        expect(reply.err).toMatchObject({ code: 'BUS.MESSAGE_INVALID' });
        expect(reply.err.details.length).toBeGreaterThan(0);
      }
    const healthy = await send(Test.ping.pattern, {
      ctx: { requestId: 'r', caller: { kind: 'anonymous' } },
      data: {},
    });
    expect(healthy.err).toBeUndefined();
    expect(healthy.response).toMatchObject({ service: 'test', ok: true });
    expect(created).toEqual([]);
  });

  it('refuses data that breaks the descriptor schema before its handler runs, naming each field', async () => {
    const ctx = { requestId: 'r', caller: { kind: 'anonymous' } };
    const bad = await send(Test.create.pattern, { ctx, data: { name: 5, slug: 'Not A Slug' } });
    expect(bad.err).toMatchObject({ code: 'BUS.MESSAGE_INVALID' });
    expect(bad.err.details.map((d: Json) => d.field).sort()).toEqual(['data.name', 'data.slug']);
    // The text reaches users: it names the fields, never the message's subject.
    expect(bad.err.message).toMatch(/^The request is not valid \((name|slug): .+; (name|slug): .+\)$/);
    expect(bad.err.message).not.toContain(Test.create.pattern);
    expect(created).toEqual([]);
    const good = await send(Test.create.pattern, { ctx, data: { name: 'Core', slug: 'core' } });
    expect(good.response).toEqual({ created: 'core' });
    expect(created).toEqual(['core']);
  });
});
