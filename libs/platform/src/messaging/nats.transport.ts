import { ClientNats, type NatsOptions, ServerNats, type WritePacket } from '@nestjs/microservices';
import { headers as natsHeaders, type Msg, type MsgHdrs, type NatsConnection, type Subscription } from 'nats';
import { MAX_PAYLOAD_BYTES } from './in-process-broker';
import { createLogger, inMessageContext, noteRequestId } from '../logging/logger';
import { replyText } from './forwarded-json';
import { REPLY_HEADROOM_BYTES, replyTooLarge } from './reply-limit';
import { partHeader, REPLY_PART_BYTES, REPLY_PART_HEADER, ReplyInParts, replyParts } from './reply-parts';
import { settlement, STOPPED, timer } from './shutdown-grace';

type NatsConfig = Required<NatsOptions>['options'];
type Publisher = (response: WritePacket) => unknown;

const log = createLogger('bus');

/**
 * The reply of a request over NATS: the body is the handler's answer as JSON, serialized once or sent
 * as the service built it (`PrebuiltJson`), and the gateway forwards it as it came; an error reply carries this header and the error payload as body.
 */
export const REPLY_ERROR_HEADER = 'Pc-Error';

/**
 * NATS request/reply with every subject under a prefix (several environments can share a cluster).
 *
 * A stopping server (`close`, on SIGTERM) stops taking requests first: its subscriptions are drained, so
 * NATS gives the next requests to the other replicas while those already on their way here are still
 * handled. It then waits for the requests under way to be answered, at most `shutdownGraceMs`, and
 * answers any still running SERVICE_UNAVAILABLE (503 at the gateway) rather than leaving its caller to
 * wait out its whole time-out; only then does it close its connection, and the app its pools.
 */
export class PrefixedServerNats extends ServerNats {
  private readonly encoder = new TextEncoder();
  private readonly queue: string | undefined;
  private readonly subscribed: Subscription[] = [];
  /** Requests being handled, each until its reply is sent (or its handling fails without one). */
  private readonly underWay = new Map<Msg, { answered: Promise<void>; settle: () => void }>();
  /** Requests the stop answered for their handler: the handler's late reply is not sent. */
  private readonly answeredByStop = new WeakSet<Msg>();

  constructor(
    options: NatsConfig,
    private readonly prefix: string,
    private readonly shutdownGraceMs: number,
  ) {
    super(options);
    this.queue = options.queue;
    // Every message read (request or event) names its request id for the log lines of its handling.
    const read = this.deserializer;
    this.deserializer = {
      deserialize: (value, options) => {
        const packet = read.deserialize(value, options) as unknown;
        noteRequestId(packet);
        return packet as ReturnType<typeof read.deserialize>;
      },
    };
  }

  /** Nest's subscriptions, kept here to be drained (Nest only unsubscribes, dropping what is on its way). */
  override bindEvents(client: NatsConnection): void {
    for (const [channel, handler] of this.messageHandlers) {
      const queue = (handler.extras?.queue as string | undefined) ?? this.queue;
      const callback = this.getMessageHandler(channel).bind(this) as (error: unknown, msg: Msg) => void;
      this.subscribed.push(client.subscribe(channel, { queue, callback }));
    }
  }

  /** Each message is handled in a logging context of its own (see `inMessageContext`). */
  override handleMessage(channel: string, natsMsg: Msg): Promise<unknown> {
    return inMessageContext(() => super.handleMessage(channel, natsMsg)).catch((error: unknown) => {
      this.answered(natsMsg); // no reply will come
      throw error;
    });
  }

  override async close(): Promise<void> {
    const grace = timer(this.shutdownGraceMs);
    try {
      // Drained: NATS takes no more requests for this replica; those it already sent here are handled.
      await Promise.race([Promise.allSettled(this.subscribed.map((sub) => sub.drain())), grace.ended]);
      const underWay = [...this.underWay.values()].map((request) => request.answered);
      await Promise.race([Promise.all(underWay), grace.ended]);
    } finally {
      grace.cancel();
    }
    this.answerUnderWay();
    await this.flushed();
    await super.close();
  }

  /** The requests still running when the grace ends get SERVICE_UNAVAILABLE now. */
  private answerUnderWay(): void {
    const body = this.encoder.encode(JSON.stringify(STOPPED));
    for (const msg of this.underWay.keys()) {
      log.warn(
        { subject: msg.subject, graceMs: this.shutdownGraceMs },
        'request still under way at the end of the shutdown grace: answered SERVICE_UNAVAILABLE',
      );
      this.answeredByStop.add(msg);
      this.answered(msg);
      try {
        msg.respond(body, { headers: errorHeaders() });
      } catch (error) {
        log.error({ err: error, subject: msg.subject }, 'reply could not be sent');
      }
    }
  }

  /** Closing the connection does not send what it still buffers: the last answers are flushed first. */
  private async flushed(): Promise<void> {
    let connection: NatsConnection;
    try {
      connection = this.unwrap<NatsConnection>();
    } catch {
      return; // never connected, or closed already
    }
    const flushing = timer(FLUSH_WAIT_MS);
    try {
      await Promise.race([connection.flush(), flushing.ended]);
    } catch (error) {
      log.error({ err: error }, 'the last answers could not be flushed');
    } finally {
      flushing.cancel();
    }
  }

  private answered(msg: Msg): void {
    this.underWay.get(msg)?.settle();
    this.underWay.delete(msg);
  }

  /** Also called on incoming subjects, which already carry the prefix: idempotent. */
  protected override normalizePattern(pattern: Parameters<ServerNats['normalizePattern']>[0]): string {
    const subject = super.normalizePattern(pattern);
    return subject.startsWith(this.prefix) ? subject : this.prefix + subject;
  }

  /** Subjects are plain strings: Nest's `JSON.parse` attempt threw (and was caught) on every message. */
  protected override getRouteFromPattern(pattern: string): string {
    return pattern.startsWith('{') ? super.getRouteFromPattern(pattern) : this.normalizePattern(pattern);
  }

  /**
   * Replies in the wire form of `REPLY_ERROR_HEADER`, each built once. A reply larger than the server's
   * max payload is never published whole: an answer given as `inParts` goes in parts (reply-parts.ts),
   * any other gets a 4xx error instead, and the refusal is logged.
   */
  override getPublisher(...args: Parameters<ServerNats['getPublisher']>): Publisher {
    const msg = args[0] as Msg;
    // Nest asks for it once a request (a message with an id) is read, before its handler runs.
    if (msg.reply) this.underWay.set(msg, settlement());
    return (packet: WritePacket) => {
      if (!msg.reply || this.answeredByStop.has(msg)) return;
      try {
        return this.reply(msg, packet);
      } finally {
        this.answered(msg);
      }
    };
  }

  private reply(msg: Msg, packet: WritePacket): unknown {
    const isError = packet.err !== undefined && packet.err !== null;
    const text = isError ? JSON.stringify(packet.err) : replyText(packet.response);
    const body = this.encoder.encode(text);
    const limit = this.maxPayload() - REPLY_HEADROOM_BYTES;
    try {
      if (body.length > limit) {
        // An answer its route sends in parts (`inParts`): one message a part, each under the limit.
        const parts =
          packet.response instanceof ReplyInParts && !isError
            ? replyParts(body, Math.min(REPLY_PART_BYTES, limit))
            : null;
        if (parts) {
          for (const [index, part] of parts.entries())
            msg.respond(part, { headers: partHeaders(index, parts.length) });
          return true;
        }
        const err = replyTooLarge(msg.subject, body.length, limit);
        return msg.respond(this.encoder.encode(JSON.stringify(err)), { headers: errorHeaders() });
      }
      return msg.respond(body, isError ? { headers: errorHeaders() } : undefined);
    } catch (error) {
      // A closed connection: the caller times out, this process must not go down.
      log.error({ err: error, subject: msg.subject }, 'reply could not be sent');
      return false;
    }
  }

  private maxPayload(): number {
    try {
      return this.unwrap<NatsConnection>().info?.max_payload ?? MAX_PAYLOAD_BYTES;
    } catch {
      return MAX_PAYLOAD_BYTES;
    }
  }
}

/** How long a stopping server waits for NATS to take its last answers. */
const FLUSH_WAIT_MS = 1000;

function partHeaders(index: number, count: number): MsgHdrs {
  const h = natsHeaders();
  h.set(REPLY_PART_HEADER, partHeader(index, count));
  return h;
}

function errorHeaders(): MsgHdrs {
  const h = natsHeaders();
  h.set(REPLY_ERROR_HEADER, '1');
  return h;
}

/** The connection (and events) of a process; requests go straight to the `nats` client (BusClient). */
export class PrefixedClientNats extends ClientNats {
  constructor(
    options: NatsConfig,
    private readonly prefix: string,
  ) {
    super(options);
  }

  protected override normalizePattern(pattern: Parameters<ClientNats['normalizePattern']>[0]): string {
    return this.prefix + super.normalizePattern(pattern);
  }
}
