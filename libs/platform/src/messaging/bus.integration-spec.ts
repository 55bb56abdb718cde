import { Controller, type DynamicModule, Inject, Module } from '@nestjs/common';
import { type ClientProxy, MessagePattern, Payload } from '@nestjs/microservices';
import { ANONYMOUS, type Envelope, event, type PingResult, type RequestContext, rpc } from '@pc/contracts';
import { portAnswers, testEnv, uniqueBusPrefix, waitFor } from '@pc/testing';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../database/embedded-postgres';
import { DomainError, RemoteError } from '../errors/domain-error';
import { type RunningService, startService } from '../bootstrap/service';
import { type BusConfig, createClientProxy } from './bus';
import { BusClient } from './bus-client';
import { PrebuiltJson } from './forwarded-json';
import { InProcessBroker } from './in-process-broker';

// Patterns of this test's own throw-away service (real services declare theirs in @pc/contracts).
const Test = {
  ping: rpc<Record<string, never>, PingResult>('test.health.ping.v1'),
  echo: rpc<{ value: string }, { value: string; requestId: string; replica: string }>('test.echo.v1'),
  fail: rpc<{ kind: 'domain' | 'crash' }, never>('test.fail.v1'),
  slow: rpc<{ ms: number }, { ok: true }>('test.slow.v1'),
  absent: rpc<Record<string, never>, never>('test.nobody-answers.v1'),
  huge: rpc<{ bytes: number }, { blob: string }>('test.huge.v1'),
  prebuilt: rpc<{ value: string; bytes: number }, { value: string; blob: string; list: unknown[] }>(
    'test.prebuilt.v1',
  ),
  happened: event<{ n: number }>('test.happened.v1', { broadcast: true }),
  held: rpc<{ key: string }, { replica: string }>('test.held.v1'),
};

/** A request its handler holds until the test lets it go: which replica took it, and its release. */
class Gate {
  taken!: (replica: string) => void;
  readonly takenBy = new Promise<string>((resolve) => (this.taken = resolve));
  release!: () => void;
  readonly released = new Promise<void>((resolve) => (this.release = resolve));
}
const gates = new Map<string, Gate>();

function testService(replica: string): DynamicModule {
  @Controller()
  class TestHandler {
    constructor(@Inject('REPLICA') private readonly name: string) {}

    @MessagePattern(Test.echo.pattern)
    echo(@Payload() { ctx, data }: Envelope<{ value: string }>) {
      return { value: data.value, requestId: ctx.requestId, replica: this.name };
    }

    @MessagePattern(Test.fail.pattern)
    fail(@Payload() { data }: Envelope<{ kind: string }>): never {
      if (data.kind === 'domain') {
        throw new DomainError('UNPROCESSABLE', 'bad value', [{ field: 'value', message: 'is bad' }]);
      }
      throw new Error('secret internals: connection string postgres://user:pw@db');
    }

    @MessagePattern(Test.huge.pattern)
    huge(@Payload() { data }: Envelope<{ bytes: number }>) {
      return { blob: 'x'.repeat(data.bytes) };
    }

    /** The answer as the service built its JSON text itself (`PrebuiltJson`): sent as it is. */
    @MessagePattern(Test.prebuilt.pattern)
    prebuilt(@Payload() { data }: Envelope<{ value: string; bytes: number }>) {
      const blob = JSON.stringify('x'.repeat(data.bytes));
      return new PrebuiltJson(
        `{"value" : ${JSON.stringify(data.value)}, "blob":${blob},"list":[1,{"a":null}]}`,
      );
    }

    @MessagePattern(Test.held.pattern)
    async held(@Payload() { data }: Envelope<{ key: string }>) {
      const gate = gates.get(data.key)!;
      gate.taken(this.name);
      await gate.released;
      return { replica: this.name };
    }

    @MessagePattern(Test.slow.pattern)
    async slow(@Payload() { data }: Envelope<{ ms: number }>) {
      await new Promise((r) => setTimeout(r, data.ms));
      return { ok: true };
    }
  }

  @Module({ controllers: [TestHandler], providers: [{ provide: 'REPLICA', useValue: replica }] })
  class TestModule {}

  return { module: TestModule };
}

const ctx = (requestId: string): RequestContext => ({ requestId, caller: ANONYMOUS });

describe.each(['nats', 'in-process'] as const)('the %s bus', (kind) => {
  let bus: BusConfig;
  let replicas: RunningService[];
  let client: BusClient;

  beforeAll(async () => {
    bus =
      kind === 'nats'
        ? {
            kind: 'nats',
            url: testEnv().natsUrl,
            prefix: uniqueBusPrefix(),
            timeoutMs: 2000,
            shutdownGraceMs: 100,
          }
        : { kind: 'in-process', broker: new InProcessBroker(), prefix: '', timeoutMs: 2000 };
    replicas = [];
    for (const name of ['a', 'b']) {
      replicas.push(await startService({ name: 'test', ping: Test.ping, module: testService(name) }, bus));
    }
    const proxy = createClientProxy(bus, 'spec');
    await proxy.connect();
    client = new BusClient(proxy, bus);
  });

  afterAll(async () => {
    await client.onApplicationShutdown();
    for (const replica of replicas) await replica.close();
  });

  it('answers a request with the data, and the request context travels with it', async () => {
    const result = await client.request(Test.echo, ctx('req-1'), { value: 'hello' });
    expect(result).toMatchObject({ value: 'hello', requestId: 'req-1' });
  });

  it('shares requests among the replicas of a service', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => client.request(Test.echo, ctx(`r${i}`), { value: String(i) })),
    );
    expect(new Set(results.map((r) => r.replica))).toEqual(new Set(['a', 'b']));
    expect(results.map((r) => r.value)).toEqual(Array.from({ length: 20 }, (_, i) => String(i)));
  });

  it('carries a domain error across with its code and field details', async () => {
    const error = await client.request(Test.fail, ctx('f1'), { kind: 'domain' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteError);
    expect((error as RemoteError).payload).toEqual({
      code: 'UNPROCESSABLE',
      message: 'bad value',
      details: [{ field: 'value', message: 'is bad' }],
    });
  });

  it('turns an unexpected error into INTERNAL without its internals', async () => {
    const error = (await client
      .request(Test.fail, ctx('f2'), { kind: 'crash' })
      .catch((e: unknown) => e)) as RemoteError;
    expect(error.payload).toEqual({ code: 'INTERNAL', message: 'Internal error' });
    expect(JSON.stringify(error.payload)).not.toContain('postgres://');
  });

  it('gives up after the timeout with TIMEOUT', async () => {
    const error = (await client
      .request(Test.slow, ctx('s1'), { ms: 1000 }, { timeoutMs: 100 })
      .catch((e: unknown) => e)) as RemoteError;
    expect(error.payload.code).toBe('TIMEOUT');
  });

  it('reports SERVICE_UNAVAILABLE when nobody answers the pattern', async () => {
    const error = (await client.request(Test.absent, ctx('n1'), {}).catch((e: unknown) => e)) as RemoteError;
    expect(error.payload.code).toBe('SERVICE_UNAVAILABLE');
  });

  it('refuses to build a reply too large for the bus with a 4xx error, and keeps serving', async () => {
    const error = (await client
      .request(Test.huge, ctx('h1'), { bytes: 2_000_000 })
      .catch((e: unknown) => e)) as RemoteError;
    expect(error.payload.code).toBe('UNPROCESSABLE');
    expect(error.payload.message).toMatch(/smaller page/);
    expect((await client.request(Test.huge, ctx('h2'), { bytes: 10 })).blob).toBe('x'.repeat(10));
    expect((await client.request(Test.echo, ctx('h3'), { value: 'still here' })).value).toBe('still here');
  });

  it('sends an answer given as prebuilt JSON text as it is, and refuses one too large for the bus', async () => {
    const value = 'quotes " and \\ and naïve ünïcode ✓ and a\nline';
    const answer = await client.request(Test.prebuilt, ctx('p1'), { value, bytes: 3 });
    expect(answer).toEqual({ value, blob: 'xxx', list: [1, { a: null }] });
    const forwarded = await client.forward(Test.prebuilt, ctx('p2'), { value: 'as built', bytes: 1 });
    // Over NATS the text arrives byte for byte as the service built it (its spaces included).
    if (kind === 'nats') {
      expect(forwarded.body().toString('utf8')).toBe(
        '{"value" : "as built", "blob":"x","list":[1,{"a":null}]}',
      );
    }
    const error = (await client
      .request(Test.prebuilt, ctx('p3'), { value: 'big', bytes: 2_000_000 })
      .catch((e: unknown) => e)) as RemoteError;
    expect(error.payload.code).toBe('UNPROCESSABLE');
  });

  it('refuses a request too large for the bus with PAYLOAD_TOO_LARGE', async () => {
    const error = (await client
      .request(Test.echo, ctx('big'), { value: 'y'.repeat(2_000_000) })
      .catch((e: unknown) => e)) as RemoteError;
    expect(error.payload.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('delivers a broadcast event to every subscriber', async () => {
    const proxies = [createClientProxy(bus, 'sub1'), createClientProxy(bus, 'sub2')];
    const subscribers = proxies.map((p) => new BusClient(p, bus));
    const seen: string[] = [];
    await Promise.all(
      subscribers.map((s, i) => s.subscribeBroadcast(Test.happened, (data) => seen.push(`${i}:${data.n}`))),
    );
    await new Promise((r) => setTimeout(r, 50));
    await client.emit(Test.happened, ctx('e1'), { n: 7 });
    for (let i = 0; i < 50 && seen.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
    expect(seen.sort()).toEqual(['0:7', '1:7']);
    for (const s of subscribers) await s.onApplicationShutdown();
  });

  it('delivers a flushed broadcast (emitFlushed: with the server once it resolves) to every subscriber', async () => {
    const subscriber = new BusClient(createClientProxy(bus, 'sub3'), bus);
    const seen: number[] = [];
    await subscriber.subscribeBroadcast(Test.happened, (data) => seen.push(data.n));
    await new Promise((r) => setTimeout(r, 50));
    await client.emitFlushed(Test.happened, ctx('e2'), { n: 8 });
    for (let i = 0; i < 50 && seen.length < 1; i++) await new Promise((r) => setTimeout(r, 20));
    expect(seen).toEqual([8]);
    await subscriber.onApplicationShutdown();
  });
});

/**
 * A replica stopping (SIGTERM on a rollout or a scale-in, or `npm start` stopped) hands the next requests to
 * the others, answers those under way, and answers SERVICE_UNAVAILABLE (503 at the gateway) to any still
 * running when its grace ends, instead of leaving the caller to wait out its whole time-out (504). The
 * in-process bus (every service in one process) stops as NATS does.
 */
describe.each(['nats', 'in-process'] as const)('a %s service replica that stops', (kind) => {
  let proxy: ClientProxy;
  let client: BusClient;
  let replicas: RunningService[] = [];
  const callerBus: BusConfig =
    kind === 'nats'
      ? { kind, url: testEnv().natsUrl, prefix: uniqueBusPrefix(), timeoutMs: 5000 }
      : { kind, broker: new InProcessBroker(), prefix: '', timeoutMs: 5000 };

  /** Two replicas, a and b, that wait at most `shutdownGraceMs` for their requests when stopping. */
  async function startReplicas(shutdownGraceMs: number): Promise<Record<'a' | 'b', RunningService>> {
    const bus: BusConfig = { ...callerBus, shutdownGraceMs };
    const [a, b] = [
      await startService({ name: 'test', ping: Test.ping, module: testService('a') }, bus),
      await startService({ name: 'test', ping: Test.ping, module: testService('b') }, bus),
    ];
    replicas.push(a, b);
    return { a, b };
  }

  /** A held request, and the replica it was taken by once its handler runs. */
  async function holdOne(key: string) {
    const gate = new Gate();
    gates.set(key, gate);
    const answer = client.request(Test.held, ctx(key), { key }).catch((e: unknown) => e);
    return { gate, answer, replica: await gate.takenBy };
  }

  beforeAll(async () => {
    proxy = createClientProxy(callerBus, 'spec');
    await proxy.connect();
    client = new BusClient(proxy, callerBus);
  });

  afterEach(async () => {
    for (const gate of gates.values()) gate.release();
    gates.clear();
    await Promise.all(replicas.map((replica) => replica.close()));
    replicas = [];
  });

  afterAll(async () => {
    await client.onApplicationShutdown();
  });

  it('answers a request under way that finishes within its grace, then stops without waiting out the rest', async () => {
    const replica = await startReplicas(60_000);
    const held = await holdOne('within-grace');
    const stopped = replica[held.replica as 'a' | 'b'].close().then(() => 'stopped');
    held.gate.release();
    expect(await held.answer).toEqual({ replica: held.replica });
    // Nothing is left under way: the replica stops now, not when its 60 s grace is over.
    let timer: NodeJS.Timeout | undefined;
    const waiting = new Promise<string>(
      (resolve) => (timer = setTimeout(resolve, 15_000, 'waiting out its grace')),
    );
    expect(await Promise.race([stopped, waiting])).toBe('stopped');
    clearTimeout(timer);
  });

  it("answers SERVICE_UNAVAILABLE to a request still running when its grace ends, not at the caller's time-out", async () => {
    const replica = await startReplicas(200);
    const held = await holdOne('past-grace');
    await replica[held.replica as 'a' | 'b'].close();
    // At once, not after the caller's 5 s time-out (TIMEOUT, a 504 at the gateway).
    const answer = (await held.answer) as RemoteError;
    expect(answer).toBeInstanceOf(RemoteError);
    expect(answer.payload).toMatchObject({ code: 'SERVICE_UNAVAILABLE', retryAfter: 5 });
  });

  it('answers the requests already on their way to it, and the next ones are answered by the other replica', async () => {
    const { a } = await startReplicas(10_000);
    const answers = Array.from({ length: 40 }, (_, i) =>
      client.request(Test.echo, ctx(`w${i}`), { value: String(i) }).catch((e: unknown) => e),
    );
    // The requests are written to the bus (a client sends them a few microtasks on), which shares them
    // out; the replica is then busy for a moment (its process blocked) and stops with some of them unread
    // (over NATS in its socket, in process in the broker's deliveries of the next turn).
    for (let turn = 0; turn < 10; turn++) await Promise.resolve();
    const busyUntil = Date.now() + 200;
    while (Date.now() < busyUntil) {
      // blocked: NATS writes this replica's share to its socket meanwhile
    }
    const stopped = a.close();
    const results = await Promise.all(answers);
    expect(results.filter((r) => r instanceof RemoteError)).toEqual([]);
    expect(new Set(results.map((r) => (r as { replica: string }).replica))).toEqual(new Set(['a', 'b']));
    await stopped;
    const after = await Promise.all(
      Array.from({ length: 10 }, (_, i) => client.request(Test.echo, ctx(`n${i}`), { value: String(i) })),
    );
    expect(after.map((r) => r.replica)).toEqual(Array(10).fill('b'));
  });
});

/**
 * A subject the app's NATS user may not publish (a permission missing from the NATS configuration): the
 * server refuses the request and says so only on the connection, so the caller would wait out its whole
 * time-out (504). It fails at once instead, SERVICE_UNAVAILABLE (503), logged with the subject.
 */
describe('a request NATS refuses to publish', () => {
  const prefix = uniqueBusPrefix();
  let server: ChildProcess;
  let service: RunningService;
  let client: BusClient;

  beforeAll(async () => {
    const port = await freePort();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pc-bus-perm-'));
    // The caller may ask the echo, not the slow pattern; the service may do anything.
    writeFileSync(
      path.join(dir, 'nats.conf'),
      `host: 127.0.0.1
port: ${port}
authorization {
  users = [
    { user: service, password: service-pass }
    { user: spec, password: spec-pass, permissions: {
        publish: { allow: ["${prefix}${Test.echo.pattern}"] }
        subscribe: { allow: ["_INBOX_spec.>"] } } }
  ]
}
`,
    );
    server = spawn('nats-server', ['-c', path.join(dir, 'nats.conf')], { stdio: 'ignore' });
    await waitFor(() => portAnswers(port), 10_000, `nats-server on ${port}`);
    const url = (user: string) => `nats://${user}:${user}-pass@127.0.0.1:${port}`;
    service = await startService(
      { name: 'test', ping: Test.ping, module: testService('a') },
      { kind: 'nats', url: url('service'), prefix, timeoutMs: 5000, shutdownGraceMs: 100 },
    );
    const bus: BusConfig = { kind: 'nats', url: url('spec'), prefix, timeoutMs: 5000 };
    const proxy = createClientProxy(bus, 'spec');
    await proxy.connect();
    client = new BusClient(proxy, bus);
  });

  afterAll(async () => {
    await client?.onApplicationShutdown();
    await service?.close();
    server?.kill('SIGTERM');
  });

  it("fails at once with SERVICE_UNAVAILABLE, not at the caller's time-out, and the allowed requests go on", async () => {
    expect((await client.request(Test.echo, ctx('allowed'), { value: 'before' })).value).toBe('before');
    const error = (await client
      .request(Test.slow, ctx('refused'), { ms: 1 })
      .catch((e: unknown) => e)) as RemoteError;
    expect(error).toBeInstanceOf(RemoteError);
    expect(error.payload.code).toBe('SERVICE_UNAVAILABLE');
    expect((await client.request(Test.echo, ctx('allowed'), { value: 'after' })).value).toBe('after');
  });
});
