import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import {
  type Envelope,
  type EventDescriptor,
  isRpcErrorPayload,
  type RequestContext,
  type RpcDescriptor,
  type RpcErrorPayload,
} from '@pc/contracts';
import { createInbox, ErrorCode, Events, type Msg, type NatsConnection, NatsError } from 'nats';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import { RemoteError } from '../errors/domain-error';
import { createLogger } from '../logging/logger';
import type { InProcessBroker } from './in-process-broker';
import type { BusConfig } from './bus';
import { ForwardedJson, jsonTextOf, withJsonText } from './forwarded-json';
import { REPLY_ERROR_HEADER } from './nats.transport';
import { REPLY_PART_HEADER, ReplyParts } from './reply-parts';

export const BUS_CONFIG = Symbol('BUS_CONFIG');
export const BUS_PROXY = Symbol('BUS_PROXY');
/** The app's name on the bus (its NATS user, queue group and durable consumer names). */
export const BUS_APP_NAME = Symbol('BUS_APP_NAME');

const log = createLogger('bus');
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * The one way to talk to another service: typed by the contract descriptor, with the request context
 * first, a timeout from configuration, and failures turned into `RemoteError`s with stable codes.
 */
@Injectable()
export class BusClient implements OnApplicationShutdown {
  private readonly unsubscribes: Array<() => void> = [];
  private nats: NatsConnection | undefined;
  private replies: ReplyInbox | undefined;
  private nextId = 0;
  private connection: 'connected' | 'disconnected' | 'unknown' = 'unknown';
  private readonly connectionListeners: Array<(state: 'connected' | 'disconnected') => void> = [];

  constructor(
    @Inject(BUS_PROXY) private readonly proxy: ClientProxy,
    @Inject(BUS_CONFIG) private readonly bus: BusConfig,
  ) {
    // NATS reports its connection's state; the in-process bus never loses its connection.
    const watch = this.proxy.status.subscribe((status) => {
      const state = status === 'connected' ? 'connected' : status === 'disconnected' ? 'disconnected' : null;
      if (!state || state === this.connection) return;
      this.connection = state;
      for (const listener of this.connectionListeners) listener(state);
    });
    this.unsubscribes.push(() => watch.unsubscribe());
  }

  /** False while the connection to NATS is known to be lost (requests then fail at once with 503). */
  get connected(): boolean {
    return this.connection !== 'disconnected';
  }

  /**
   * Called when the connection to NATS is lost and when it comes back: whatever was learned from
   * broadcasts (cache invalidations) may have been missed in between.
   */
  onConnectionChange(listener: (state: 'connected' | 'disconnected') => void): void {
    this.connectionListeners.push(listener);
  }

  async request<Req, Res>(
    descriptor: RpcDescriptor<Req, Res>,
    ctx: RequestContext,
    data: Req,
    options: { timeoutMs?: number } = {},
  ): Promise<Res> {
    const envelope: Envelope<Req> = { ctx, data };
    const timeoutMs = options.timeoutMs ?? this.bus.timeoutMs;
    try {
      if (this.bus.kind === 'nats') {
        const bytes = await this.natsRequest(descriptor.pattern, envelope, timeoutMs);
        const text = bytes.length > 0 ? decoder.decode(bytes) : '';
        if (text === '') return undefined as Res;
        return withJsonText(JSON.parse(text) as Res, text);
      }
      return await firstValueFrom(
        this.proxy.send<Res, Envelope<Req>>(descriptor.pattern, envelope).pipe(timeout(timeoutMs)),
      );
    } catch (error) {
      throw toRemoteError(error, descriptor.pattern);
    }
  }

  /**
   * The same request, for an answer that is only passed on (a read route of the gateway): over NATS
   * the reply's JSON text is not parsed, the gateway sends it as it came. Errors as `request`'s.
   */
  async forward<Req, Res>(
    descriptor: RpcDescriptor<Req, Res>,
    ctx: RequestContext,
    data: Req,
  ): Promise<ForwardedJson<Res>> {
    if (this.bus.kind !== 'nats') {
      const answer = await this.request(descriptor, ctx, data);
      return new ForwardedJson(encoder.encode(jsonTextOf(answer) ?? JSON.stringify(answer)));
    }
    try {
      return new ForwardedJson(await this.natsRequest(descriptor.pattern, { ctx, data }, this.bus.timeoutMs));
    } catch (error) {
      throw toRemoteError(error, descriptor.pattern);
    }
  }

  /**
   * Over NATS a request is published with a reply subject under this connection's one reply inbox
   * (`<inbox>.<n>`, one subscription for every request; Nest's client subscribed a new inbox per
   * request, and the `nats` client's own request allocated two errors with stack traces per request).
   * The packet is the one Nest's server reads; the reply is in the wire form of `REPLY_ERROR_HEADER`.
   * Failures are the errors `toRemoteError` knows. Returns the reply's JSON as UTF-8 bytes (none for no
   * answer).
   */
  private natsRequest<Req>(pattern: string, envelope: Envelope<Req>, timeoutMs: number): Promise<Uint8Array> {
    const subject = this.bus.prefix + pattern;
    const id = String(++this.nextId);
    const packet = JSON.stringify({ pattern: subject, data: envelope, id });
    // A connection known to be lost fails at once (503); a request under way when it drops fails then
    // (`onConnectionChange` below), not at the time-out: no reply can come back on a lost connection.
    if (!this.connected) return Promise.reject(new Error('Connection lost'));
    const replies = this.replyInbox();
    return new Promise<Uint8Array>((resolve, reject) => {
      const timer = setTimeout(() => {
        replies.pending.delete(id);
        reject(new TimeoutError());
      }, timeoutMs);
      replies.pending.set(id, { resolve, reject, timer, subject });
      try {
        this.natsConnection().publish(subject, encoder.encode(packet), { reply: `${replies.inbox}.${id}` });
      } catch (error) {
        clearTimeout(timer);
        replies.pending.delete(id);
        // A NATS error or its translation, which `toRemoteError` reads.
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
        reject(fromNatsError(error));
      }
    });
  }

  /** The connection's reply inbox, subscribed on first use; every pending request fails when NATS is lost. */
  private replyInbox(): ReplyInbox {
    if (this.replies) return this.replies;
    // Under the inbox prefix the connection was made with (`_INBOX_<app>`, which NATS permissions allow).
    const connection = this.natsConnection();
    const prefix = (connection as { options?: { inboxPrefix?: string } }).options?.inboxPrefix;
    const inbox = createInbox(prefix);
    const replies: ReplyInbox = { inbox, pending: new Map() };
    const sub = connection.subscribe(`${inbox}.*`, {
      // An error (a refused subscription) is reported on the connection's status (failRefused).
      callback: (error, msg) => {
        if (!error) settle(replies, msg.subject.slice(inbox.length + 1), msg);
      },
    });
    this.unsubscribes.push(() => sub.unsubscribe());
    void failRefused(connection, replies);
    this.onConnectionChange((state) => {
      if (state !== 'disconnected') return;
      for (const [id, pending] of replies.pending) {
        clearTimeout(pending.timer);
        replies.pending.delete(id);
        pending.reject(new Error('Connection lost'));
      }
    });
    this.replies = replies;
    return replies;
  }

  private natsConnection(): NatsConnection {
    this.nats ??= this.proxy.unwrap<NatsConnection>();
    return this.nats;
  }

  /** Fire-and-forget event (plain NATS publish; in-process, the same delivery rules). */
  async emit<P>(descriptor: EventDescriptor<P>, ctx: RequestContext, data: P): Promise<void> {
    const envelope: Envelope<P> = { ctx, data };
    await firstValueFrom(this.proxy.emit(descriptor.pattern, envelope), { defaultValue: undefined });
  }

  /**
   * A broadcast event that the NATS server has taken when this resolves (a flush after the publish), so
   * it is on its way to every subscriber before, say, this process answers the request that caused it.
   * In process, delivery is immediate anyway.
   */
  async emitFlushed<P>(descriptor: EventDescriptor<P>, ctx: RequestContext, data: P): Promise<void> {
    await this.emit(descriptor, ctx, data);
    if (this.bus.kind !== 'in-process') await this.natsConnection().flush();
  }

  /**
   * Subscribes this process to a broadcast event: every replica gets every message (no queue group),
   * which is what cache invalidation needs.
   */
  async subscribeBroadcast<P>(
    descriptor: EventDescriptor<P>,
    handler: (data: P, ctx: RequestContext) => void,
  ): Promise<void> {
    const subject = this.bus.prefix + descriptor.pattern;
    const deliver = (raw: string): void => {
      try {
        const packet = JSON.parse(raw) as { data: Envelope<P> };
        handler(packet.data.data, packet.data.ctx);
      } catch (error) {
        log.error({ err: error, subject }, 'broadcast handler failed');
      }
    };
    if (this.bus.kind === 'in-process') {
      this.unsubscribes.push(this.proxy.unwrap<InProcessBroker>().subscribe(subject, null, deliver));
      return;
    }
    await this.proxy.connect();
    const connection = this.proxy.unwrap<NatsConnection>();
    const decoder = new TextDecoder();
    const sub = connection.subscribe(subject, { callback: (_err, msg) => deliver(decoder.decode(msg.data)) });
    this.unsubscribes.push(() => sub.unsubscribe());
  }

  async onApplicationShutdown(): Promise<void> {
    for (const unsubscribe of this.unsubscribes) unsubscribe();
    await this.proxy.close();
  }
}

interface PendingRequest {
  resolve: (json: Uint8Array) => void;
  reject: (error: unknown) => void;
  timer: NodeJS.Timeout;
  /** Where the request was published. */
  subject: string;
  /** The parts of a reply sent in parts, as they arrive. */
  parts?: ReplyParts;
}

interface ReplyInbox {
  inbox: string;
  /** Requests awaiting their reply, by the last token of their reply subject. */
  pending: Map<string, PendingRequest>;
}

/**
 * Settles the request a reply is for: its text, the error payload of an error reply, or the NATS
 * server's 503 status when no service subscribes to the subject. A reply for a request that timed out
 * meanwhile is dropped.
 */
function settle(replies: ReplyInbox, id: string, msg: Msg): void {
  const pending = replies.pending.get(id);
  if (!pending) return;
  // A part of a reply sent in parts (reply-parts.ts): the request waits for the others.
  let data = msg.data;
  const part = msg.headers?.get(REPLY_PART_HEADER);
  if (part) {
    try {
      const whole = (pending.parts ??= new ReplyParts()).addHeader(part, msg.data);
      if (!whole) return;
      data = whole;
    } catch (error) {
      replies.pending.delete(id);
      clearTimeout(pending.timer);
      pending.reject(error);
      return;
    }
  }
  replies.pending.delete(id);
  clearTimeout(pending.timer);
  try {
    if (msg.data.length === 0 && msg.headers?.hasError) {
      pending.reject(
        new Error(msg.headers.code === 503 ? 'no responders' : `NATS status ${msg.headers.code}`),
      );
      return;
    }
    // An error reply is the service's error payload, which `toRemoteError` turns into a RemoteError.
    if (msg.headers?.get(REPLY_ERROR_HEADER) === '1')
      pending.reject(JSON.parse(decoder.decode(msg.data)) as unknown);
    else pending.resolve(data);
  } catch (error) {
    pending.reject(error);
  }
}

/**
 * A publish NATS refuses (a subject the app's NATS user may not publish) gets no reply: the server only
 * reports it on the connection, asynchronously, naming the subject. The requests pending on that subject
 * fail then with PERMISSIONS_VIOLATION (503, logged with the subject) instead of at their time-out; the
 * protocol says no more about which request it was, and every one on that subject was refused alike.
 */
async function failRefused(connection: NatsConnection, replies: ReplyInbox): Promise<void> {
  for await (const status of connection.status()) {
    const refused = status.permissionContext;
    if (status.type !== Events.Error || status.data !== ErrorCode.PermissionsViolation || !refused) continue;
    log.error(
      { subject: refused.subject, operation: refused.operation },
      'NATS refused this app the subject (its user lacks the permission)',
    );
    const inbox = refused.operation === 'subscription' && refused.subject === `${replies.inbox}.*`;
    for (const [id, pending] of replies.pending) {
      if (!inbox && !(refused.operation === 'publish' && pending.subject === refused.subject)) continue;
      replies.pending.delete(id);
      clearTimeout(pending.timer);
      pending.reject(new Error(ErrorCode.PermissionsViolation));
    }
  }
}

/** A failure of the `nats` client in the terms of Nest's client, which `toRemoteError` reads. */
function fromNatsError(error: unknown): unknown {
  if (!(error instanceof NatsError)) return error;
  const code = error.code as ErrorCode;
  if (code === ErrorCode.Timeout) return new TimeoutError();
  if (code === ErrorCode.NoResponders) return new Error('no responders');
  if (code === ErrorCode.MaxPayloadExceeded) return new Error('MAX_PAYLOAD_EXCEEDED');
  if (
    code === ErrorCode.ConnectionClosed ||
    code === ErrorCode.Disconnect ||
    code === ErrorCode.ConnectionRefused
  ) {
    return new Error('CONNECTION_REFUSED');
  }
  return error;
}

/** Seconds a client is asked to wait before retrying when a dependency is down. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

/**
 * Bus failures as the caller should see them. Messages never name a subject (internal topology):
 * the subject is logged instead. A connection to NATS known to be lost fails at once (503), it does
 * not wait for the time-out.
 */
function toRemoteError(error: unknown, pattern: string): RemoteError {
  if (error instanceof RemoteError) return error;
  if (isRpcErrorPayload(error)) return new RemoteError(error);
  if (error instanceof TimeoutError) {
    log.warn({ pattern }, 'bus request timed out');
    return new RemoteError({ code: 'TIMEOUT', message: 'The service did not answer in time' });
  }
  const text = error instanceof Error ? error.message : String(error);
  if (/MAX_PAYLOAD_EXCEEDED/.test(text)) {
    return new RemoteError({ code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large to forward' });
  }
  if (/PERMISSIONS_VIOLATION/.test(text)) {
    log.error({ pattern }, 'bus request refused by NATS permissions');
    return unavailable('The service is unavailable; try again shortly');
  }
  if (/Connection lost|CONNECTION_CLOSED|CONNECTION_DRAINING|DISCONNECT/i.test(text)) {
    log.warn({ pattern, reason: text }, 'bus unavailable');
    return unavailable('The message bus is unavailable; try again shortly');
  }
  if (
    /Empty response|no matching message handler|no responders|CONNECTION_REFUSED|ECONNREFUSED/i.test(text)
  ) {
    log.warn({ pattern }, 'no service answers');
    return unavailable('The service is unavailable; try again shortly');
  }
  log.error({ err: error, pattern }, 'unexpected bus failure');
  return new RemoteError({ code: 'INTERNAL', message: 'Internal error' });
}

function unavailable(message: string): RemoteError {
  const payload: RpcErrorPayload = {
    code: 'SERVICE_UNAVAILABLE',
    message,
    retryAfter: UNAVAILABLE_RETRY_AFTER_S,
  };
  return new RemoteError(payload);
}
