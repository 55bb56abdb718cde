import {
  BaseRpcContext,
  ClientProxy,
  type CustomTransportStrategy,
  type ReadPacket,
  Server,
  type WritePacket,
} from '@nestjs/microservices';
import type { RpcErrorPayload } from '@pc/contracts';
import { type InProcessBroker, MAX_PAYLOAD_BYTES } from './in-process-broker';
import { PrebuiltJson } from './forwarded-json';
import { REPLY_HEADROOM_BYTES, replyTooLarge } from './reply-limit';
import { ReplyInParts, ReplyParts, replyParts } from './reply-parts';
import { createLogger, inMessageContext, noteRequestId } from '../logging/logger';
import { DEFAULT_SHUTDOWN_GRACE_MS } from '../config/env';
import { settlement, STOPPED, timer } from './shutdown-grace';

export const IN_PROCESS_TRANSPORT = Symbol('in-process');

interface WirePacket extends ReadPacket {
  id?: string;
}

type Reply = (raw: string) => void;

/** A message being handled: a request until its reply is sent, an event until its handler ends. */
interface UnderWay {
  subject: string;
  reply?: Reply;
  /** The request's id, once its message is read (an event has none). */
  id?: string;
  answered: Promise<void>;
  settle: () => void;
  /** The stop answered it for its handler: the handler's late reply is not sent. */
  answeredByStop: boolean;
}

const log = createLogger('bus');

/**
 * The server half of the in-process bus: a Nest custom transport strategy with NATS semantics
 * (queue group per service, JSON on the wire, the same error packets), so a service cannot tell
 * which bus it is on.
 *
 * It stops as the NATS server does (`PrefixedServerNats`): `close` unsubscribes first, so the next
 * requests go to another replica or, with none, fail SERVICE_UNAVAILABLE as with no responders; those
 * already delivered are handled. It then waits for the messages under way, at most `shutdownGraceMs`,
 * and answers any request still running SERVICE_UNAVAILABLE; only then does the app close its pools,
 * which would otherwise end under a handler mid-way (its caller got INTERNAL, its write was lost).
 */
export class InProcessServer extends Server implements CustomTransportStrategy {
  override transportId = IN_PROCESS_TRANSPORT;
  private unsubscribes: Array<() => void> = [];
  private readonly underWay = new Set<UnderWay>();

  constructor(
    private readonly broker: InProcessBroker,
    private readonly queue: string,
    private readonly prefix = '',
    private readonly shutdownGraceMs = DEFAULT_SHUTDOWN_GRACE_MS,
  ) {
    super();
    this.initializeSerializer({});
    this.initializeDeserializer({});
  }

  listen(callback: (...optionalParams: unknown[]) => void): void {
    for (const subject of this.messageHandlers.keys()) {
      this.unsubscribes.push(
        this.broker.subscribe(subject, this.queue, (raw, reply) => this.receive(subject, raw, reply)),
      );
    }
    this._status$.next('connected');
    callback();
  }

  async close(): Promise<void> {
    for (const unsubscribe of this.unsubscribes) unsubscribe();
    this.unsubscribes = [];
    const grace = timer(this.shutdownGraceMs);
    try {
      // The broker delivers on the next turn of the event loop: what it took before the unsubscribe is
      // under way from then on.
      await new Promise((resolve) => setImmediate(resolve));
      let ended = false;
      void grace.ended.then(() => (ended = true));
      while (this.underWay.size > 0 && !ended) {
        const underWay = [...this.underWay].map((message) => message.answered);
        await Promise.race([Promise.all(underWay), grace.ended]);
      }
    } finally {
      grace.cancel();
    }
    this.answerUnderWay();
  }

  on(): void {
    // The in-process bus has no connection status events.
  }

  unwrap<T>(): T {
    return this.broker as T;
  }

  /** Also called on incoming subjects, which already carry the prefix: idempotent. */
  protected override normalizePattern(pattern: Parameters<Server['normalizePattern']>[0]): string {
    const subject = super.normalizePattern(pattern);
    return subject.startsWith(this.prefix) ? subject : this.prefix + subject;
  }

  /** Subjects are plain strings: Nest's `JSON.parse` attempt threw (and was caught) on every message. */
  protected override getRouteFromPattern(pattern: string): string {
    return pattern.startsWith('{') ? super.getRouteFromPattern(pattern) : this.normalizePattern(pattern);
  }

  /** A message delivered: handled and counted under way until it is answered (or its handling fails). */
  private receive(subject: string, raw: string, reply?: Reply): void {
    const message: UnderWay = { subject, reply, answeredByStop: false, ...settlement() };
    this.underWay.add(message);
    void inMessageContext(() => this.handleMessage(message, raw)).then(
      // An event's handler has ended; a request is answered when its reply is sent (`respond`).
      () => {
        if (message.id === undefined) this.answered(message);
      },
      (error: unknown) => {
        log.error({ err: error, subject }, 'message could not be handled');
        this.answered(message); // no reply will come
      },
    );
  }

  /** The requests still running when the grace ends get SERVICE_UNAVAILABLE now. */
  private answerUnderWay(): void {
    for (const message of this.underWay) {
      log.warn(
        { subject: message.subject, graceMs: this.shutdownGraceMs },
        message.id === undefined
          ? 'event still being handled at the end of the shutdown grace'
          : 'request still under way at the end of the shutdown grace: answered SERVICE_UNAVAILABLE',
      );
      message.answeredByStop = true;
      if (message.id !== undefined)
        message.reply?.(JSON.stringify({ err: STOPPED, isDisposed: true, id: message.id }));
      this.answered(message);
    }
  }

  private answered(message: UnderWay): void {
    message.settle();
    this.underWay.delete(message);
  }

  private async handleMessage(underWay: UnderWay, raw: string): Promise<void> {
    const { subject, reply } = underWay;
    const message = JSON.parse(raw) as WirePacket;
    noteRequestId(message);
    const context = new BaseRpcContext([subject]);
    if (message.id === undefined) {
      await this.handleEvent(subject, message, context);
      return;
    }
    const id = message.id;
    underWay.id = id;
    const write = (wire: string): void => {
      if (!underWay.answeredByStop) reply?.(wire);
    };
    const sendReply = (packet: WritePacket): void => {
      const raw = wireReply(packet, id);
      const bytes = Buffer.byteLength(raw);
      const limit = MAX_PAYLOAD_BYTES - REPLY_HEADROOM_BYTES;
      if (bytes <= limit) {
        write(raw);
        return;
      }
      // An answer its route sends in parts (`inParts`), as over NATS: one message a part, in order.
      const parts = packet.response instanceof ReplyInParts ? replyParts(Buffer.from(raw)) : null;
      if (parts) {
        for (const [index, part] of parts.entries()) write(wirePart(id, index, parts.length, part));
        return;
      }
      // Too large for the bus, as NATS would refuse it: the caller gets a 4xx error, not silence.
      const err = replyTooLarge(subject, bytes, limit);
      write(JSON.stringify({ err, isDisposed: true, id }));
    };
    // The request is answered (no longer under way) with its last packet.
    const respond = (packet: WritePacket): void => {
      try {
        sendReply(packet);
      } finally {
        if (packet.isDisposed) this.answered(underWay);
      }
    };
    const handler = this.getHandlerByPattern(subject);
    if (!handler) {
      respond({ err: unavailable(), isDisposed: true });
      return;
    }
    const response$ = this.transformToObservable(await handler(message.data, context));
    this.send(response$, respond);
  }
}

/** A reply packet as JSON text: an answer given as `PrebuiltJson` goes in as its text, not serialized again. */
function wireReply(packet: WritePacket, id: string): string {
  const response: unknown = packet.response instanceof ReplyInParts ? packet.response.value : packet.response;
  if (!(response instanceof PrebuiltJson)) return JSON.stringify({ ...packet, response, id });
  const rest = JSON.stringify({ ...packet, response: undefined, id });
  return `${rest.slice(0, -1)},"response":${response.text}}`;
}

/** How a part's message begins (a whole reply's never does). */
const PART_START = '{"part":[';

/** A part of a reply packet's bytes (reply-parts.ts), as base64: its message's size is known before. */
function wirePart(id: string, index: number, count: number, bytes: Uint8Array): string {
  return JSON.stringify({ part: [index, count], id, base64: Buffer.from(bytes).toString('base64') });
}

/**
 * The reply packet a message completes: the message itself, or the whole of a reply sent in parts once its
 * last part is in (undefined before); a part that does not fit fails the request.
 */
function wholeReply(parts: ReplyParts, wire: string): string | undefined {
  if (!wire.startsWith(PART_START)) return wire;
  const { part, base64 } = JSON.parse(wire) as { part: [number, number]; base64: string };
  try {
    const whole = parts.add(part[0], part[1], Buffer.from(base64, 'base64'));
    return whole && Buffer.from(whole).toString('utf8');
  } catch {
    const err: RpcErrorPayload = { code: 'INTERNAL', message: 'Internal error' };
    return JSON.stringify({ err, isDisposed: true });
  }
}

/** The client half: `send` and `emit` over the in-process broker. */
export class InProcessClient extends ClientProxy {
  constructor(
    private readonly broker: InProcessBroker,
    private readonly prefix = '',
  ) {
    super();
    this.initializeSerializer({});
    this.initializeDeserializer({});
  }

  connect(): Promise<void> {
    return Promise.resolve();
  }

  close(): void {
    // Nothing to release: the broker belongs to the process.
  }

  override unwrap<T>(): T {
    return this.broker as T;
  }

  protected override normalizePattern(pattern: Parameters<ClientProxy['normalizePattern']>[0]): string {
    return this.prefix + super.normalizePattern(pattern);
  }

  protected publish(partial: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    const packet = this.assignPacketId(partial);
    const subject = this.normalizePattern(partial.pattern as string);
    let disposed = false;
    const parts = new ReplyParts();
    const reached = this.broker.publish(subject, JSON.stringify(this.serializer.serialize(packet)), (raw) => {
      const text = wholeReply(parts, raw);
      if (disposed || text === undefined) return;
      const { err, response, isDisposed } = JSON.parse(text) as {
        err?: unknown;
        response?: unknown;
        isDisposed?: boolean;
      };
      if (isDisposed || err) {
        disposed = true;
        callback({ err, response, isDisposed: true });
      } else {
        callback({ err, response });
      }
    });
    if (reached === 0) callback({ err: unavailable(), isDisposed: true });
    return () => {
      disposed = true;
    };
  }

  protected dispatchEvent<T = unknown>(packet: ReadPacket): Promise<T> {
    const subject = this.normalizePattern(packet.pattern as string);
    this.broker.publish(subject, JSON.stringify(this.serializer.serialize(packet)));
    return Promise.resolve(undefined as T);
  }
}

/** Like NATS "no responders"; the subject stays internal (never in the message). */
function unavailable(): RpcErrorPayload {
  return {
    code: 'SERVICE_UNAVAILABLE',
    message: 'The service is unavailable; try again shortly',
    retryAfter: 5,
  };
}
