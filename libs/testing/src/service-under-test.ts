import type { EventDescriptor, RequestContext, RpcDescriptor } from '@pc/contracts';
import {
  type BusConfig,
  BusClient,
  createClientProxy,
  createDurableEvents,
  RemoteError,
  type RunningService,
  type ServiceDefinition,
  startService,
} from '@pc/platform';
import { Client } from 'pg';
import { createTestDatabase, type TestDatabase } from './test-database';
import { testBus } from './test-bus';

/**
 * One service alone on a database of its own (a clone of the migrated template) and a fresh
 * in-process bus, called through its bus contract without the gateway: the service-level test tier
 * (docs/testing.md). `define(databaseUrl)` builds the service from the test's settings; a subclass's
 * `alongside()` gives stand-ins for the services it asks (started on the same bus first). A service's harness
 * (`apps/<service>/src/testing/`) wraps this with its data builders.
 */
export class ServiceUnderTest {
  db!: TestDatabase;
  bus!: BusClient;
  readonly busConfig: BusConfig = testBus('in-process');
  private service?: RunningService;
  private readonly others: RunningService[] = [];

  constructor(
    private readonly name: string,
    private readonly define: (databaseUrl: string) => ServiceDefinition,
  ) {}

  /** Stand-ins for the services this one asks, started on the same bus before it. */
  protected alongside(): ServiceDefinition[] {
    return [];
  }

  async start(): Promise<void> {
    this.db ??= await createTestDatabase();
    if (this.others.length === 0)
      for (const other of this.alongside()) this.others.push(await startService(other, this.busConfig));
    this.service = await startService(this.define(this.db.url), this.busConfig);
    if (!this.bus) {
      const proxy = createClientProxy(this.busConfig, `${this.name}-test`);
      await proxy.connect();
      this.bus = new BusClient(proxy, this.busConfig);
    }
  }

  async close(): Promise<void> {
    await this.bus?.onApplicationShutdown();
    await this.service?.close();
    for (const other of this.others.splice(0)) await other.close();
    await this.db?.drop();
  }

  /** A provider of the running service (e.g. a sweeper to run now). */
  get<T>(type: new (...args: never[]) => T): T {
    return this.service!.app.get(type, { strict: false });
  }

  request<Req, Res>(descriptor: RpcDescriptor<Req, Res>, ctx: RequestContext, data: Req): Promise<Res> {
    return this.bus.request(descriptor, ctx, data);
  }

  /** Publishes a durable event as its owning service's outbox relay would (in process: it arrives once). */
  async publish<P>(descriptor: EventDescriptor<P>, id: string, payload: P): Promise<void> {
    await createDurableEvents(this.busConfig, `${this.name}-test`).publish(descriptor, id, payload);
  }

  /** A SQL statement on the service's database (a data builder, or a look at what was written). */
  async sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
    const pg = new Client({ connectionString: this.db.url });
    await pg.connect();
    try {
      return (await pg.query(text, params)).rows as T[];
    } finally {
      await pg.end();
    }
  }
}

/** The error code a request fails with (the test fails if it succeeds). */
export async function errorCodeOf(request: Promise<unknown>): Promise<string> {
  try {
    await request;
  } catch (error) {
    if (error instanceof RemoteError) return error.payload.code;
    throw error;
  }
  throw new Error('expected the request to fail');
}
