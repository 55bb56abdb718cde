import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The largest request body the gateway reads (413 over), on every route that declares no `BodyLimit`. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

const KEY = 'bodyLimit';

/**
 * A route whose body DTO allows more than `BODY_LIMIT_BYTES` (a specification of up to 5 MiB): the
 * largest body it reads, 413 over. Kept in the route's Fastify configuration, which `applyBodyLimits`
 * reads as each route is registered, so the route and its DTO (and the OpenAPI document made from it)
 * agree; `body-limits.integration-spec.ts` sends each route the largest body its document allows.
 */
export const BodyLimit = (bytes: number) => RouteConfig({ [KEY]: bytes });

/** Gives each route the body limit its `BodyLimit` names: call before the routes are registered. */
export function applyBodyLimits(fastify: FastifyInstance): void {
  fastify.addHook('onRoute', (route) => {
    const bytes = (route.config as Record<string, unknown> | undefined)?.[KEY];
    if (typeof bytes === 'number') route.bodyLimit = bytes;
  });
}

/** The body limit of the route a request reached (the server's for one that reached none). */
export function bodyLimitOf(request: FastifyRequest): number {
  return request.routeOptions?.bodyLimit ?? BODY_LIMIT_BYTES;
}
