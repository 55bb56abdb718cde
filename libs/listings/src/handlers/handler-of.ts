import { Controller, type Type } from '@nestjs/common';
import type { Envelope, RequestContext, RpcDescriptor } from '@pc/contracts';
import { Handles } from '@pc/platform';

type Instances<Deps> = { [K in keyof Deps]: Deps[K] extends Type<infer I> ? I : never };

/** One descriptor a handler serves, and the one line that answers it from the handler's services. */
export interface Route<Services> {
  readonly descriptor: RpcDescriptor<unknown, unknown>;
  readonly answer: (services: Services, ctx: RequestContext, data: unknown) => unknown;
}

/**
 * A route typed from its descriptor: the compiler checks the request the answer reads and the result it
 * gives against the descriptor's.
 */
export type Serve<Services> = <Req, Res>(
  descriptor: RpcDescriptor<Req, Res>,
  answer: (services: Services, ctx: RequestContext, data: Req) => NoInfer<Res> | Promise<NoInfer<Res>>,
) => Route<Services>;

/**
 * A feature's bus handler: a Nest controller named `name`, injected with the services `deps` names, with
 * one method per route, decorated with `Handles(descriptor)` (the message checked against the
 * descriptor's schema where it enters the service) and answering in one line:
 *
 *   export const PinsHandler = handlerOf('PinsHandler', { pins: PinsService }, (serve) => [
 *     serve(RulesetsRpc.pin, ({ pins }, ctx, data) => pins.pin(ctx, data)),
 *   ]);
 */
export function handlerOf<Deps extends Record<string, Type>>(
  name: string,
  deps: Deps,
  routes: (serve: Serve<Instances<Deps>>) => Array<Route<Instances<Deps>>>,
): Type {
  const names = Object.keys(deps);

  @Controller()
  class Handler {
    readonly services: Instances<Deps>;

    constructor(...services: unknown[]) {
      this.services = Object.fromEntries(names.map((key, i) => [key, services[i]])) as Instances<Deps>;
    }
  }
  Reflect.defineMetadata('design:paramtypes', Object.values(deps), Handler);
  Object.defineProperty(Handler, 'name', { value: name });

  const serve: Serve<Instances<Deps>> = (descriptor, answer) => ({
    descriptor,
    answer: answer as Route<Instances<Deps>>['answer'],
  });
  for (const route of routes(serve)) {
    const key = route.descriptor.pattern;
    const property: TypedPropertyDescriptor<(envelope: Envelope<unknown>) => unknown> = {
      value(this: Handler, { ctx, data }: Envelope<unknown>) {
        return route.answer(this.services, ctx, data);
      },
      writable: true,
      configurable: true,
    };
    Handles(route.descriptor)(Handler.prototype, key, property);
    Object.defineProperty(Handler.prototype, key, property);
  }
  return Handler;
}
