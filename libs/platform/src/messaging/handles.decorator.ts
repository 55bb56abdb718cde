import { EventPattern, MessagePattern } from '@nestjs/microservices';
import type { Envelope, EventDescriptor, RpcDescriptor } from '@pc/contracts';

/** What a handler of a descriptor must look like: the envelope in, the descriptor's result out. */
export type RpcHandler<Req, Res> = (envelope: Envelope<Req>) => Res | Promise<Res>;
export type EventHandler<P> = (envelope: Envelope<P>) => void | Promise<void>;

/**
 * Marks a method as the handler of one request/reply descriptor. The method's parameter and result
 * are checked against the descriptor by the compiler, so a handler cannot drift from its contract:
 *
 *   @Handles(CatalogRpc.getPolicy)
 *   get({ ctx, data }: Envelope<PolicyIdRequest>) { return this.policies.get(ctx, data.id); }
 *
 * Nest passes the message (the envelope) as the first argument.
 */
export function Handles<Req, Res>(descriptor: RpcDescriptor<Req, Res>) {
  return <M extends RpcHandler<Req, Res>>(
    target: object,
    key: string | symbol,
    property: TypedPropertyDescriptor<M>,
  ): void => {
    MessagePattern(descriptor.pattern)(target, key, property);
  };
}

/** The same for an event descriptor (fire-and-forget, no reply). */
export function HandlesEvent<P>(descriptor: EventDescriptor<P>) {
  return <M extends EventHandler<P>>(
    target: object,
    key: string | symbol,
    property: TypedPropertyDescriptor<M>,
  ): void => {
    EventPattern(descriptor.pattern)(target, key, property);
  };
}
