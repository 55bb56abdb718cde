import { type EventDescriptor, IdentityRpc, type RequestContext, type RpcDescriptor } from '@pc/contracts';
import {
  BusClient,
  createClientProxy,
  createDurableEvents,
  generateKeyRingEntry,
  type EnvSource,
  hashSecret,
  loadEnv,
  RemoteError,
  type RunningService,
  startService,
} from '@pc/platform';
import { createTestDatabase, type TestDatabase, testBus } from '@pc/testing';
import { Client } from 'pg';
import { IdentityEnv } from '../identity.env';
import { identityService } from '../index';

/**
 * The identity service alone, on a database of its own and the in-process bus: its domain rules are
 * tested through its bus contract, without the gateway. `restart(env)` starts it again on the same
 * database with other settings.
 */
export class IdentityUnderTest {
  db!: TestDatabase;
  bus!: BusClient;
  private service?: RunningService;
  private readonly busConfig = testBus('in-process');
  private counter = 0;
  /** The key ring of every start (a restart must open what the previous start sealed). */
  readonly webhookKeys = generateKeyRingEntry('test');

  async start(env: EnvSource = {}): Promise<void> {
    this.db ??= await createTestDatabase();
    const config = loadEnv(IdentityEnv, {
      DATABASE_URL: this.db.url,
      DB_POOL_SIZE: '5',
      WEBHOOKS_ENCRYPTION_KEYS: this.webhookKeys,
      ...env,
    });
    this.service = await startService(identityService(config), this.busConfig);
    if (!this.bus) {
      const proxy = createClientProxy(this.busConfig, 'identity-test');
      await proxy.connect();
      this.bus = new BusClient(proxy, this.busConfig);
    }
  }

  async restart(env: EnvSource = {}): Promise<void> {
    await this.service?.close();
    this.service = undefined;
    await this.start(env);
  }

  async close(): Promise<void> {
    await this.bus?.onApplicationShutdown();
    await this.service?.close();
    await this.db?.drop();
  }

  /** A service object of the running identity app (e.g. the session sweeper). */
  get<T>(type: new (...args: never[]) => T): T {
    return this.service!.app.get(type);
  }

  request<Req, Res>(descriptor: RpcDescriptor<Req, Res>, ctx: RequestContext, data: Req): Promise<Res> {
    return this.bus.request(descriptor, ctx, data);
  }

  /** Publishes a durable event as its owning service's outbox relay would (in process: it arrives once). */
  async publish<P>(descriptor: EventDescriptor<P>, id: string, payload: P): Promise<void> {
    await createDurableEvents(this.busConfig, 'identity-test').publish(descriptor, id, payload);
  }

  /** A SQL statement on the service's database (to age a row, or to count what was written). */
  async sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
    const pg = new Client({ connectionString: this.db.url });
    await pg.connect();
    try {
      return (await pg.query(text, params)).rows as T[];
    } finally {
      await pg.end();
    }
  }

  /** A unique email. */
  email = (): string => `user${++this.counter}-${Date.now()}@example.com`;

  /** A new account through sign-up, with its session. */
  newUser = async (
    fields: { email?: string; password?: string; name?: string } = {},
  ): Promise<{ id: string; email: string; sessionToken: string; session: RequestContext }> => {
    const email = fields.email ?? this.email();
    const result = await this.request(IdentityRpc.signup, anonymous(), {
      email,
      password: fields.password ?? 'password123',
      name: fields.name ?? 'Test User',
    });
    return {
      id: result.user.id,
      email,
      sessionToken: result.sessionToken,
      session: viaSession(result.user.id),
    };
  };

  /** Who a session secret or a token authenticates as. */
  authenticate(secret: { session?: string; token?: string }) {
    return this.request(IdentityRpc.authenticate, anonymous(), {
      sessionHash: secret.session === undefined ? undefined : hashSecret(secret.session),
      tokenHash: secret.token === undefined ? undefined : hashSecret(secret.token),
    });
  }
}

/** Starts the identity service for the enclosing `describe` and stops it afterwards. */
export function identityUnderTest(env: EnvSource = {}): IdentityUnderTest {
  const identity = new IdentityUnderTest();
  beforeAll(() => identity.start(env));
  afterAll(() => identity.close());
  return identity;
}

let requests = 0;
const requestId = (): string => `identity-test-${++requests}`;

export const anonymous = (): RequestContext => ({ requestId: requestId(), caller: { kind: 'anonymous' } });

export const viaSession = (userId: string, isAdmin = false): RequestContext => ({
  requestId: requestId(),
  caller: { kind: 'user', userId, isAdmin, scopes: ['api:read', 'api:write'], via: 'session' },
});

export const viaToken = (userId: string): RequestContext => ({
  requestId: requestId(),
  caller: { kind: 'user', userId, isAdmin: false, scopes: ['api:read', 'api:write'], via: 'token' },
});

/** The error code a request fails with (the test fails if it succeeds). */
export async function codeOf(request: Promise<unknown>): Promise<string> {
  try {
    await request;
  } catch (error) {
    if (error instanceof RemoteError) return error.payload.code;
    throw error;
  }
  throw new Error('expected the request to fail');
}
