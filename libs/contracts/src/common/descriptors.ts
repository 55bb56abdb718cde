import type { MessageSchema } from './message-schemas';

/**
 * A request/reply message: its subject and, through phantom types, its request and result.
 * The string is written here and nowhere else.
 */
export interface RpcDescriptor<Req, Res> {
  readonly kind: 'rpc';
  readonly pattern: string;
  /** The schema of the request's data, checked where the message enters the service. */
  readonly schema?: MessageSchema<Req>;
  /** Never set: carries the request and result types. */
  readonly __types?: { req: Req; res: Res };
}

/** An event, named in the past tense. `broadcast` events reach every replica of every subscriber. */
export interface EventDescriptor<Payload> {
  readonly kind: 'event';
  readonly pattern: string;
  readonly broadcast: boolean;
  readonly __types?: { payload: Payload };
}

export function rpc<Req, Res>(pattern: string, schema?: MessageSchema<Req>): RpcDescriptor<Req, Res> {
  return schema ? { kind: 'rpc', pattern, schema } : { kind: 'rpc', pattern };
}

export function event<Payload>(
  pattern: string,
  options: { broadcast?: boolean } = {},
): EventDescriptor<Payload> {
  return { kind: 'event', pattern, broadcast: options.broadcast ?? false };
}

/** The data of a message that carries none: the request context alone is the question. */
export type Empty = Record<string, never>;

/** The readiness ping every service answers, `<service>.health.ping.v1` (`PingResult`). */
export function healthPing(service: string, schema?: MessageSchema<Empty>): RpcDescriptor<Empty, PingResult> {
  return rpc(`${service}.health.ping.v1`, schema);
}

export type EventPayload<D> = D extends EventDescriptor<infer P> ? P : never;

/** Every service answers this, for readiness checks. */
export interface PingResult {
  service: string;
  /** False when a dependency of the service (its database) is unavailable. */
  ok: boolean;
  /** `ok`, or what is wrong with the service's database (absent: the service has none). */
  database?: string;
}
