import { EventPattern, MessagePattern } from '@nestjs/microservices';
import {
  envelopeSchema,
  type Envelope,
  type EventDescriptor,
  issuesOf,
  type RpcDescriptor,
} from '@pc/contracts';
import { DomainError } from '../errors/domain-error';

/** What a handler of a descriptor must look like: the envelope in, the descriptor's result out. */
export type RpcHandler<Req, Res> = (envelope: Envelope<Req>) => Res | Promise<Res>;
export type EventHandler<P> = (envelope: Envelope<P>) => void | Promise<void>;

/**
 * Where a message enters a service: the envelope (`{ctx: {requestId, caller}, data}`) must match
 * `envelopeSchema`, and the data the descriptor's schema when it has one. Anything else (a broken or a
 * foreign app on the bus) is refused with `BUS.MESSAGE_INVALID` and its problems in `details`, before
 * any handler code runs: never a crash, never a write.
 */
export function checkMessage<Req>(descriptor: RpcDescriptor<Req, unknown>, message: unknown): Envelope<Req> {
  const envelope = envelopeSchema.safeParse(message);
  if (!envelope.success) throw invalid(issuesOf(envelope.error));
  if (descriptor.schema) {
    const data = descriptor.schema.safeParse(envelope.data.data);
    if (!data.success)
      throw invalid(
        issuesOf(data.error).map((d) => ({
          ...d,
          field: d.field === '(message)' ? 'data' : `data.${d.field}`,
        })),
      );
  }
  // The handler gets the message as it came (the service applies its own trimming and defaults).
  return message as Envelope<Req>;
}

/**
 * The refusal names the fields and what is wrong with each, never the message's subject: the text reaches
 * users through the gateway and the tool server, to whom the bus is not theirs to know.
 */
function invalid(details: Array<{ field: string; message: string }>): DomainError {
  const fields = details
    .slice(0, 5)
    .map((d) => `${d.field.replace(/^data\.?/, '') || 'the request'}: ${d.message}`)
    .join('; ');
  return new DomainError('BUS.MESSAGE_INVALID', `The request is not valid (${fields})`, details);
}

/**
 * Marks a method as the handler of one request/reply descriptor. The method's parameter and result
 * are checked against the descriptor by the compiler, so a handler cannot drift from its contract;
 * at run time the message is checked against the envelope and the descriptor's schema first
 * (`checkMessage`):
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
    const handler = property.value;
    if (handler) {
      const checked = function (this: unknown, message: unknown, ...rest: unknown[]): Res | Promise<Res> {
        const envelope = checkMessage(descriptor, message);
        return (handler as (...args: unknown[]) => Res | Promise<Res>).call(this, envelope, ...rest);
      };
      // Decorators applied before this one keep their metadata on the wrapper.
      for (const metadataKey of Reflect.getMetadataKeys(handler) as unknown[])
        Reflect.defineMetadata(metadataKey, Reflect.getMetadata(metadataKey, handler), checked);
      Object.defineProperty(checked, 'name', { value: handler.name });
      property.value = checked as unknown as M;
    }
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
