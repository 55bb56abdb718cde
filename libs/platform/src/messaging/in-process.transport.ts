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
import { inMessageContext, noteRequestId } from '../logging/logger';

export const IN_PROCESS_TRANSPORT = Symbol('in-process');

interface WirePacket extends ReadPacket {
  id?: string;
}

/**
 * The server half of the in-process bus: a Nest custom transport strategy with NATS semantics
 * (queue group per service, JSON on the wire, the same error packets), so a service cannot tell
 * which bus it is on.
 */
export class InProcessServer extends Server implements CustomTransportStrategy {
  override transportId = IN_PROCESS_TRANSPORT;
  private unsubscribes: Array<() => void> = [];

  constructor(
    private readonly broker: InProcessBroker,
    private readonly queue: string,
    private readonly prefix = '',
  ) {
    super();
    this.initializeSerializer({});
    this.initializeDeserializer({});
  }

  listen(callback: (...optionalParams: unknown[]) => void): void {
    for (const subject of this.messageHandlers.keys()) {
      this.unsubscribes.push(
        this.broker.subscribe(
          subject,
          this.queue,
          (raw, reply) => void inMessageContext(() => this.handleMessage(subject, raw, reply)),
        ),
      );
    }
    this._status$.next('connected');
    callback();
  }

  close(): void {
    for (const unsubscribe of this.unsubscribes) unsubscribe();
    this.unsubscribes = [];
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

  private async handleMessage(subject: string, raw: string, reply?: (raw: string) => void): Promise<void> {
    const message = JSON.parse(raw) as WirePacket;
    noteRequestId(message);
    const context = new BaseRpcContext([subject]);
    if (message.id === undefined) {
      await this.handleEvent(subject, message, context);
      return;
    }
    const id = message.id;
    const respond = (packet: WritePacket): void => {
      const raw = wireReply(packet, id);
      const bytes = Buffer.byteLength(raw);
      const limit = MAX_PAYLOAD_BYTES - REPLY_HEADROOM_BYTES;
      if (bytes <= limit) {
        reply?.(raw);
        return;
      }
      // An answer its route sends in parts (`inParts`), as over NATS: one message a part, in order.
      const parts = packet.response instanceof ReplyInParts ? replyParts(Buffer.from(raw)) : null;
      if (parts) {
        for (const [index, part] of parts.entries()) reply?.(wirePart(id, index, parts.length, part));
        return;
      }
      // Too large for the bus, as NATS would refuse it: the caller gets a 4xx error, not silence.
      const err = replyTooLarge(subject, bytes, limit);
      reply?.(JSON.stringify({ err, isDisposed: true, id }));
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
