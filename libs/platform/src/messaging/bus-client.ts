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
import type { NatsConnection } from 'nats';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import { RemoteError } from '../errors/domain-error';
import { createLogger } from '../logging/logger';
import type { InProcessBroker } from './in-process-broker';
import type { BusConfig } from './bus';

export const BUS_CONFIG = Symbol('BUS_CONFIG');
export const BUS_PROXY = Symbol('BUS_PROXY');
/** The app's name on the bus (its NATS user, queue group and durable consumer names). */
export const BUS_APP_NAME = Symbol('BUS_APP_NAME');

const log = createLogger('bus');

/**
 * The one way to talk to another service: typed by the contract descriptor, with the request context
 * first, a timeout from configuration, and failures turned into `RemoteError`s with stable codes.
 */
@Injectable()
export class BusClient implements OnApplicationShutdown {
  private readonly unsubscribes: Array<() => void> = [];

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
    try {
      return await firstValueFrom(
        this.proxy
          .send<Res, Envelope<Req>>(descriptor.pattern, envelope)
          .pipe(timeout(options.timeoutMs ?? this.bus.timeoutMs)),
      );
    } catch (error) {
      throw toRemoteError(error, descriptor.pattern);
    }
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
