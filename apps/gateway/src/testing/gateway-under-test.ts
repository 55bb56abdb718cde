import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  AuditEvents,
  type AuditRecordedEvent,
  ContentEvents,
  type Caller,
  type EventDescriptor,
  IdentityRpc,
  type RequestContext,
  type RpcDescriptor,
} from '@pc/contracts';
import {
  type BusConfig,
  createDurableEvents,
  type DurableEvents,
  generateAccessToken,
  hashSecret,
  loadEnv,
  type RunningService,
  startService,
} from '@pc/platform';
import { type PeerAnswer, peerService, testBus } from '@pc/testing';
import { createGateway } from '../gateway.app';
import { GatewayEnv } from '../gateway.env';

/** A caller of the gateway under test: a user id and a bearer token the identity stand-in knows. */
export interface GatewayUser {
  id: string;
  token: string;
  /** The id of the token (what an audit record names as `actor_token_id`). */
  tokenId: string;
  /** The secret of a signed-in browser session of theirs (the cookie's value). */
  session: string;
}

type Reply = (data: never, ctx: RequestContext) => unknown;

/**
 * The gateway alone (its HTTP edge, guards, validation, audit recorder and audit outbox) on the
 * in-process bus, with one stand-in for the services behind it: it answers `authenticate` for the users
 * `user()` made and each descriptor the test names with the reply the test sets (`reply()`), and keeps
 * what each request asked (`asked`). The audit records the gateway publishes are collected as identity
 * would receive them (`records`). What the services decide is their own service-level tests' business.
 */
export class GatewayUnderTest {
  readonly busConfig: BusConfig & { kind: 'in-process' };
  /** The audit records published, in order. */
  readonly records: AuditRecordedEvent[] = [];
  /** The data each descriptor was asked with, by pattern. */
  readonly asked = new Map<string, unknown[]>();
  url = '';
  private readonly replies = new Map<string, Reply>();
  private readonly callers = new Map<string, Caller & { kind: 'user' }>();
  private app?: NestFastifyApplication;
  private peer?: RunningService;
  private events?: DurableEvents;
  private stopConsumer?: () => Promise<void>;
  private outboxDir = '';

  /**
   * `descriptors`: what the stand-in answers (a reply each, set by `reply()`); `timeoutMs`: how long the
   * gateway waits for an answer on the bus (a 504 after it).
   */
  constructor(
    private readonly descriptors: ReadonlyArray<RpcDescriptor<unknown, unknown>>,
    options: { timeoutMs?: number } = {},
  ) {
    this.busConfig = testBus('in-process', options.timeoutMs) as BusConfig & { kind: 'in-process' };
  }

  async start(env: Record<string, string> = {}): Promise<void> {
    this.outboxDir = mkdtempSync(path.join(os.tmpdir(), 'gateway-under-test-'));
    const answers: PeerAnswer[] = [
      {
        descriptor: IdentityRpc.authenticate as RpcDescriptor<never, unknown>,
        answer: (data: { tokenHash?: string; sessionHash?: string }) => {
          const hash = data.tokenHash ?? data.sessionHash;
          const caller = hash ? this.callers.get(hash) : undefined;
          return { caller: caller ?? { kind: 'anonymous' }, expiresAt: null };
        },
      },
      ...this.descriptors.map((descriptor) => ({
        descriptor: descriptor as RpcDescriptor<never, unknown>,
        answer: (data: never, ctx: RequestContext) => {
          this.asked.set(descriptor.pattern, [...(this.asked.get(descriptor.pattern) ?? []), data]);
          const reply = this.replies.get(descriptor.pattern);
          if (!reply) throw new Error(`no reply set for ${descriptor.pattern}`);
          return reply(data, ctx);
        },
      })),
    ];
    this.peer = await startService(peerService('identity', IdentityRpc.ping, answers), this.busConfig);
    this.events = createDurableEvents(this.busConfig, 'identity');
    const worker = await this.events.subscribe(AuditEvents.recorded, 'identity', (event) => {
      this.records.push(event);
      return Promise.resolve();
    });
    this.stopConsumer = () => worker.stop();
    const { app } = await createGateway(
      loadEnv(GatewayEnv, { AUDIT_OUTBOX_DIR: this.outboxDir, ...env }),
      this.busConfig,
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    this.app = app;
    this.url = await app.getUrl();
    this.url = this.url.replace('[::1]', '127.0.0.1');
  }

  /** The Nest application (its metadata and configuration), once started. */
  get application(): NestFastifyApplication {
    if (!this.app) throw new Error('The gateway under test has not started');
    return this.app;
  }

  async close(): Promise<void> {
    await this.app?.close();
    await this.stopConsumer?.();
    await this.events?.close();
    await this.peer?.close();
    if (this.outboxDir) rmSync(this.outboxDir, { recursive: true, force: true });
  }

  /** The running Nest application (its route table, for tests that walk it). */
  get nest(): NestFastifyApplication {
    if (!this.app) throw new Error('the gateway under test is not started');
    return this.app;
  }

  /** A user the identity stand-in authenticates by a bearer token of their own, or by a session. */
  user(isAdmin = false, scopes: Array<'api:read' | 'api:write'> = ['api:read', 'api:write']): GatewayUser {
    const id = randomUUID();
    const tokenId = randomUUID();
    const token = generateAccessToken();
    this.callers.set(hashSecret(token), {
      kind: 'user',
      userId: id,
      isAdmin,
      scopes,
      via: 'token',
      tokenId,
    });
    const session = `pcs_${randomUUID()}`;
    this.callers.set(hashSecret(session), {
      kind: 'user',
      userId: id,
      isAdmin,
      scopes: ['api:read', 'api:write'],
      via: 'session',
    });
    return { id, token, tokenId, session };
  }

  /** What the stand-in answers to `descriptor` from now on. */
  reply<Req, Res>(
    descriptor: RpcDescriptor<Req, Res>,
    fn: (data: Req, ctx: RequestContext) => Res | Promise<Res>,
  ): void {
    this.replies.set(descriptor.pattern, fn);
  }

  /**
   * The catalog's change event (as its trigger announces a committed change, `version` naming the
   * transaction; `items`, the policies it was confined to), heard by every gateway replica.
   */
  announce(version: string, items?: string[]): void {
    const subject = this.busConfig.prefix + ContentEvents.catalogChanged.pattern;
    const data = items ? { version, items } : { version };
    const envelope = { ctx: { requestId: 'change', caller: { kind: 'anonymous' } }, data };
    this.busConfig.broker.publish(subject, JSON.stringify({ pattern: subject, data: envelope }));
  }

  /** A broadcast event as another process (a service, another gateway replica) publishes it. */
  broadcast<P>(descriptor: EventDescriptor<P>, data: P): void {
    const subject = this.busConfig.prefix + descriptor.pattern;
    const envelope = { ctx: { requestId: 'broadcast', caller: { kind: 'anonymous' } }, data };
    this.busConfig.broker.publish(subject, JSON.stringify({ pattern: subject, data: envelope }));
  }

  /** A request to the gateway (JSON in and out). */
  async fetch(
    method: string,
    url: string,
    options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
    const res = await fetch(`${this.url}${url}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await res.text();
    return {
      status: res.status,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      headers: res.headers,
    };
  }
}

/** Starts the gateway for the enclosing `describe` and stops it afterwards. */
export function gatewayUnderTest(
  descriptors: ReadonlyArray<RpcDescriptor<unknown, unknown>>,
  env: Record<string, string> = {},
  options: { timeoutMs?: number } = {},
): GatewayUnderTest {
  const gateway = new GatewayUnderTest(descriptors, options);
  beforeAll(() => gateway.start(env));
  afterAll(() => gateway.close());
  return gateway;
}
