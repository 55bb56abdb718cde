/**
 * A request/reply message: its subject and, through phantom types, its request and result.
 * The string is written here and nowhere else.
 */
export interface RpcDescriptor<Req, Res> {
  readonly kind: 'rpc';
  readonly pattern: string;
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

export function rpc<Req, Res>(pattern: string): RpcDescriptor<Req, Res> {
  return { kind: 'rpc', pattern };
}

export function event<Payload>(
  pattern: string,
  options: { broadcast?: boolean } = {},
): EventDescriptor<Payload> {
  return { kind: 'event', pattern, broadcast: options.broadcast ?? false };
}

export type EventPayload<D> = D extends EventDescriptor<infer P> ? P : never;

/** Every service answers this, for readiness checks. */
export interface PingResult {
  service: string;
  ok: boolean;
}
