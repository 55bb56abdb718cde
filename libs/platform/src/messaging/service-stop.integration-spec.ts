import { Controller, type DynamicModule, Inject, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ANONYMOUS, type Envelope, type PingResult, type RequestContext, rpc } from '@pc/contracts';
import { createTestDatabase, type TestDatabase, testEnv, uniqueBusPrefix } from '@pc/testing';
import { Client } from 'pg';
import { type RunningService, startService } from '../bootstrap/service';
import { DatabaseModule } from '../database/database.module';
import { Database } from '../database/executor';
import { RemoteError } from '../errors/domain-error';
import { type BusConfig, createClientProxy } from './bus';
import { BusClient } from './bus-client';
import { InProcessBroker } from './in-process-broker';

// Patterns of this test's own throw-away service (real services declare theirs in @pc/contracts).
const Test = {
  ping: rpc<Record<string, never>, PingResult>('test.stop.ping.v1'),
  record: rpc<{ key: string }, { recorded: string }>('test.stop.record.v1'),
};

/** A request its handler holds until the test lets it go; then the handler writes its row. */
class Gate {
  taken!: () => void;
  readonly isTaken = new Promise<void>((resolve) => (this.taken = resolve));
  release!: () => void;
  readonly released = new Promise<void>((resolve) => (this.release = resolve));
}
const gates = new Map<string, Gate>();

function recordingService(url: string): DynamicModule {
  @Controller()
  class RecordHandler {
    constructor(@Inject(Database) private readonly db: Database) {}

    @MessagePattern(Test.record.pattern)
    async record(@Payload() { data }: Envelope<{ key: string }>) {
      const gate = gates.get(data.key)!;
      gate.taken();
      await gate.released;
      await this.db.pool.query('INSERT INTO stop_records (key) VALUES ($1)', [data.key]);
      return { recorded: data.key };
    }
  }

  @Module({
    imports: [DatabaseModule.forWorker({ url, schema: 'public', migrations: [], poolSize: 2 })],
    controllers: [RecordHandler],
  })
  class RecordingModule {}

  return { module: RecordingModule };
}

const ctx = (requestId: string): RequestContext => ({ requestId, caller: ANONYMOUS });

/**
 * A service stopping (SIGTERM to its process, or to `npm start` with every service in one process) while
 * a handler is mid-way through a request that writes: the handler ends before the service's database
 * pool closes, so the caller gets its answer and the row is there. On either bus.
 */
describe.each(['nats', 'in-process'] as const)('a service on the %s bus stopped mid-request', (kind) => {
  let db: TestDatabase;
  let reader: Client;
  let client: BusClient;
  let service: RunningService | undefined;
  const callerBus: BusConfig =
    kind === 'nats'
      ? { kind, url: testEnv().natsUrl, prefix: uniqueBusPrefix(), timeoutMs: 15_000 }
      : { kind, broker: new InProcessBroker(), prefix: '', timeoutMs: 15_000 };

  beforeAll(async () => {
    db = await createTestDatabase();
    reader = new Client({ connectionString: db.url });
    await reader.connect();
    await reader.query('CREATE TABLE stop_records (key text PRIMARY KEY)');
    const proxy = createClientProxy(callerBus, 'spec');
    await proxy.connect();
    client = new BusClient(proxy, callerBus);
  });

  afterEach(async () => {
    for (const gate of gates.values()) gate.release();
    gates.clear();
    await service?.close();
    service = undefined;
  });

  afterAll(async () => {
    await client?.onApplicationShutdown();
    await reader?.end();
    await db?.drop();
  });

  /** The service, waiting at most `shutdownGraceMs` for its requests when stopping. */
  async function start(shutdownGraceMs: number): Promise<RunningService> {
    service = await startService(
      { name: 'stop-test', ping: Test.ping, module: recordingService(db.url) },
      { ...callerBus, shutdownGraceMs },
    );
    return service;
  }

  /** A request held in its handler, and the caller's outcome (the answer or the error). */
  async function holdOne(key: string) {
    const gate = new Gate();
    gates.set(key, gate);
    const answer = client.request(Test.record, ctx(key), { key }).catch((e: unknown) => e);
    // An answer before the handler took the request (the bus's wait ran out on a loaded machine) fails
    // here, saying so, instead of leaving the test to Jest's timeout.
    const early = await Promise.race([gate.isTaken.then(() => undefined), answer.then((a) => ({ a }))]);
    if (early)
      throw new Error(`the request for ${key} was answered before its handler held it: ${String(early.a)}`);
    return { gate, answer };
  }

  const recorded = async (key: string) =>
    (await reader.query('SELECT 1 FROM stop_records WHERE key = $1', [key])).rowCount;

  /** A service with a long grace, stopping while a request to record `key` is held in its handler. */
  async function stopWhileHeld(key: string) {
    const running = await start(10_000);
    const held = await holdOne(key);
    const stopped = running.close();
    // The stop is under way (its pool would be closing now) while the handler still waits.
    await new Promise((resolve) => setTimeout(resolve, 200));
    return { held, stopped };
  }

  it('answers a request under way and keeps its write, the pool closed only after it', async () => {
    const { held, stopped } = await stopWhileHeld(`${kind}-within`);
    held.gate.release();
    expect(await held.answer).toEqual({ recorded: `${kind}-within` });
    await stopped;
    service = undefined;
    expect(await recorded(`${kind}-within`)).toBe(1);
  });

  it('refuses a new request while it stops with SERVICE_UNAVAILABLE, as when no replica answers', async () => {
    const { held, stopped } = await stopWhileHeld(`${kind}-busy`);
    const refused = (await client
      .request(Test.record, ctx('late'), { key: `${kind}-late` })
      .catch((e: unknown) => e)) as RemoteError;
    expect(refused).toBeInstanceOf(RemoteError);
    expect(refused.payload).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The service is unavailable; try again shortly',
      retryAfter: 5,
    });
    held.gate.release();
    expect(await held.answer).toEqual({ recorded: `${kind}-busy` });
    await stopped;
    service = undefined;
    expect(await recorded(`${kind}-late`)).toBe(0);
  });

  it("answers SERVICE_UNAVAILABLE to a request still running when its grace ends, not at the caller's time-out", async () => {
    const running = await start(300);
    const held = await holdOne(`${kind}-past`);
    const started = Date.now();
    await running.close();
    service = undefined;
    const answer = (await held.answer) as RemoteError;
    expect(answer).toBeInstanceOf(RemoteError);
    expect(answer.payload).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The service stopped before it finished the request; try again shortly',
      retryAfter: 5,
    });
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
