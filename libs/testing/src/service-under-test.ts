import { Controller, Module } from '@nestjs/common';
import {
  type EventDescriptor,
  type PingResult,
  type RequestContext,
  type RpcDescriptor,
} from '@pc/contracts';
import {
  BusClient,
  createClientProxy,
  createDurableEvents,
  type EnvSource,
  Handles,
  RemoteError,
  type RunningService,
  type ServiceDefinition,
  startService,
} from '@pc/platform';
import { Client } from 'pg';
import { testBus } from './test-bus';
import { createTestDatabase, type TestDatabase } from './test-database';

/** How a service is made from a test database's URL and the test's own settings. */
export type DefineService = (databaseUrl: string, env: EnvSource) => ServiceDefinition;

/**
 * One service alone, on a database of its own and the in-process bus: its domain rules are tested
 * through its bus contract, without the gateway or a system start. What it asks of other services is
 * answered by `peerServices` (stand-ins on the same bus, `peerService`): the real services' answers are the
 * end-to-end files' business. `restart(env)` starts it again on the same database with other settings.
 */
export class ServiceUnderTest {
  db!: TestDatabase;
  bus!: BusClient;
  private service?: RunningService;
  private readonly running: RunningService[] = [];
  readonly busConfig = testBus('in-process');

  constructor(
    private readonly name: string,
    private readonly define: DefineService,
    private readonly peerServices: ServiceDefinition[] = [],
  ) {}

  async start(env: EnvSource = {}): Promise<void> {
    this.db ??= await createTestDatabase();
    if (this.running.length === 0)
      for (const peer of this.alongside()) this.running.push(await startService(peer, this.busConfig));
    this.service = await startService(this.define(this.db.url, env), this.busConfig);
    if (!this.bus) {
      const proxy = createClientProxy(this.busConfig, `${this.name}-test`);
      await proxy.connect();
      this.bus = new BusClient(proxy, this.busConfig);
    }
  }

  /** Stand-ins for the services this one asks, started on the same bus before it (a harness may override). */
  protected alongside(): ServiceDefinition[] {
    return this.peerServices;
  }

  async restart(env: EnvSource = {}): Promise<void> {
    await this.service?.close();
    this.service = undefined;
    await this.start(env);
  }

  async close(): Promise<void> {
    await this.bus?.onApplicationShutdown();
    await this.service?.close();
    for (const peer of this.running) await peer.close();
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

  /** A SQL statement on the service's database (to set up many rows at once, to age a row, to count). */
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

/** Starts the service for the enclosing `describe` and stops it afterwards. */
export function serviceUnderTest<T extends ServiceUnderTest>(service: T, env: EnvSource = {}): T {
  beforeAll(() => service.start(env));
  afterAll(() => service.close());
  return service;
}

/** One descriptor a peer answers, and how (`answer` builds it, typed by the descriptor). */
export interface PeerAnswer {
  descriptor: RpcDescriptor<never, unknown>;
  answer: (data: never, ctx: RequestContext) => unknown;
}

/**
 * A stand-in for another service on the bus, answering only the descriptors a test needs (what the
 * service under test asks of it), from data the test holds.
 */
export function peerService(
  name: string,
  ping: RpcDescriptor<Record<string, never>, PingResult>,
  answers: PeerAnswer[],
): ServiceDefinition {
  @Controller()
  class PeerHandler {}
  answers.forEach(({ descriptor, answer }, i) => {
    const key = `answer${i}`;
    Object.defineProperty(PeerHandler.prototype, key, {
      value: ({ ctx, data }: { ctx: RequestContext; data: never }) => answer(data, ctx),
      writable: true,
      configurable: true,
    });
    const property = Object.getOwnPropertyDescriptor(PeerHandler.prototype, key)!;
    Handles(descriptor)(PeerHandler.prototype, key, property);
    Object.defineProperty(PeerHandler.prototype, key, property);
  });
  @Module({ controllers: [PeerHandler] })
  class PeerModule {}
  return { name, ping, module: { module: PeerModule } };
}

/** One answer of a peer, typed by its descriptor. */
export function answer<Req, Res>(
  descriptor: RpcDescriptor<Req, Res>,
  fn: (data: Req, ctx: RequestContext) => Res | Promise<Res>,
): PeerAnswer {
  return { descriptor: descriptor as RpcDescriptor<never, unknown>, answer: fn };
}

let requests = 0;
const requestId = (): string => `service-test-${++requests}`;

export const anonymous = (): RequestContext => ({ requestId: requestId(), caller: { kind: 'anonymous' } });

/** A user of a service-level test: the id and a signed-in context. */
export interface TestUserContext {
  id: string;
  ctx: RequestContext;
}

/** A signed-in user (a session), optionally a platform administrator. */
export const viaSession = (userId: string, isAdmin = false): RequestContext => ({
  requestId: requestId(),
  caller: { kind: 'user', userId, isAdmin, scopes: ['api:read', 'api:write'], via: 'session' },
});

export const viaToken = (userId: string): RequestContext => ({
  requestId: requestId(),
  caller: { kind: 'user', userId, isAdmin: false, scopes: ['api:read', 'api:write'], via: 'token' },
});

/** The error a request fails with, as it crossed the bus: code, message, details (the test fails if it succeeds). */
export async function errorOf(request: Promise<unknown>): Promise<RemoteError['payload']> {
  try {
    await request;
  } catch (error) {
    if (error instanceof RemoteError) return error.payload;
    throw error;
  }
  throw new Error('expected the request to fail');
}

/** The error code a request fails with (the test fails if it succeeds). */
export async function codeOf(request: Promise<unknown>): Promise<string> {
  return (await errorOf(request)).code;
}
