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
import { ErrorCode, type Msg, type NatsConnection, NatsError } from 'nats';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import { RemoteError } from '../errors/domain-error';
import { createLogger } from '../logging/logger';
import type { InProcessBroker } from './in-process-broker';
import type { BusConfig } from './bus';
import { withJsonText } from './forwarded-json';
import { REPLY_ERROR_HEADER } from './nats.transport';

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
  private nextId = 0;

  constructor(
    @Inject(BUS_PROXY) private readonly proxy: ClientProxy,
    @Inject(BUS_CONFIG) private readonly bus: BusConfig,
  ) {}

  async request<Req, Res>(
    descriptor: RpcDescriptor<Req, Res>,
    ctx: RequestContext,
    data: Req,
    options: { timeoutMs?: number } = {},
  ): Promise<Res> {
    const envelope: Envelope<Req> = { ctx, data };
    const timeoutMs = options.timeoutMs ?? this.bus.timeoutMs;
    try {
      if (this.bus.kind === 'nats')
        return await this.natsRequest<Req, Res>(descriptor.pattern, envelope, timeoutMs);
      return await firstValueFrom(
        this.proxy.send<Res, Envelope<Req>>(descriptor.pattern, envelope).pipe(timeout(timeoutMs)),
      );
    } catch (error) {
      throw toRemoteError(error, descriptor.pattern);
    }
  }

  /**
   * Over NATS a request goes straight to the `nats` client, whose requests share one reply inbox per
   * connection (Nest's client subscribes a new inbox for every request). The packet is the one Nest's
   * server reads; the reply is in the wire form of `REPLY_ERROR_HEADER`. NATS failures are turned into
   * the errors `toRemoteError` knows.
   */
  private async natsRequest<Req, Res>(
    pattern: string,
    envelope: Envelope<Req>,
    timeoutMs: number,
  ): Promise<Res> {
    const subject = this.bus.prefix + pattern;
    const packet = JSON.stringify({ pattern: subject, data: envelope, id: String(++this.nextId) });
    let reply: Msg;
    try {
      reply = await this.connection().request(subject, encoder.encode(packet), { timeout: timeoutMs });
    } catch (error) {
      throw fromNatsError(error);
    }
    const text = reply.data.length > 0 ? decoder.decode(reply.data) : '';
    if (reply.headers?.get(REPLY_ERROR_HEADER) === '1') throw JSON.parse(text) as unknown;
    if (text === '') return undefined as Res;
    return withJsonText(JSON.parse(text) as Res, text);
  }

  private connection(): NatsConnection {
    this.nats ??= this.proxy.unwrap<NatsConnection>();
    return this.nats;
  }

  /** Fire-and-forget event (plain NATS publish; in-process, the same delivery rules). */
  async emit<P>(descriptor: EventDescriptor<P>, ctx: RequestContext, data: P): Promise<void> {
    const envelope: Envelope<P> = { ctx, data };
    await firstValueFrom(this.proxy.emit(descriptor.pattern, envelope), { defaultValue: undefined });
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

function toRemoteError(error: unknown, pattern: string): RemoteError {
  if (error instanceof RemoteError) return error;
  if (isRpcErrorPayload(error)) return new RemoteError(error);
  if (error instanceof TimeoutError) {
    return new RemoteError({ code: 'TIMEOUT', message: `The service did not answer in time (${pattern})` });
  }
  const text = error instanceof Error ? error.message : String(error);
  if (/MAX_PAYLOAD_EXCEEDED/.test(text)) {
    return new RemoteError({ code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large to forward' });
  }
  if (
    /Empty response|no matching message handler|no responders|CONNECTION_REFUSED|ECONNREFUSED/i.test(text)
  ) {
    const payload: RpcErrorPayload = {
      code: 'SERVICE_UNAVAILABLE',
      message: `No service answers ${pattern}`,
    };
    return new RemoteError(payload);
  }
  log.error({ err: error, pattern }, 'unexpected bus failure');
  return new RemoteError({ code: 'INTERNAL', message: 'Internal error' });
}
