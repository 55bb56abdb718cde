import { ClientNats, type NatsOptions, ServerNats, type WritePacket } from '@nestjs/microservices';
import { headers as natsHeaders, type Msg, type MsgHdrs, type NatsConnection } from 'nats';
import { MAX_PAYLOAD_BYTES } from './in-process-broker';
import { createLogger, inMessageContext, noteRequestId } from '../logging/logger';
import { replyText } from './forwarded-json';
import { REPLY_HEADROOM_BYTES, replyTooLarge } from './reply-limit';
import { partHeader, REPLY_PART_BYTES, REPLY_PART_HEADER, ReplyInParts, replyParts } from './reply-parts';

type NatsConfig = Required<NatsOptions>['options'];
type Publisher = (response: WritePacket) => unknown;

const log = createLogger('bus');

/**
 * The reply of a request over NATS: the body is the handler's answer as JSON, serialized once or sent
 * as the service built it (`PrebuiltJson`), and the gateway forwards it as it came; an error reply carries this header and the error payload as body.
 */
export const REPLY_ERROR_HEADER = 'Pc-Error';

/** NATS request/reply with every subject under a prefix (several environments can share a cluster). */
export class PrefixedServerNats extends ServerNats {
  private readonly encoder = new TextEncoder();

  constructor(
    options: NatsConfig,
    private readonly prefix: string,
  ) {
    super(options);
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

  /** Each message is handled in a logging context of its own (see `inMessageContext`). */
  override handleMessage(channel: string, natsMsg: Msg): Promise<unknown> {
    return inMessageContext(() => super.handleMessage(channel, natsMsg));
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
    return (packet: WritePacket) => {
      if (!msg.reply) return;
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
    };
  }

  private maxPayload(): number {
    try {
      return this.unwrap<NatsConnection>().info?.max_payload ?? MAX_PAYLOAD_BYTES;
    } catch {
      return MAX_PAYLOAD_BYTES;
    }
  }
}

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
