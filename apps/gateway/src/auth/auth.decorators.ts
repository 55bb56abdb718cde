import { applyDecorators, createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiExtension, ApiResponse, ApiSecurity } from '@nestjs/swagger';
import type { RequestContext } from '@pc/contracts';
import type { FastifyRequest } from 'fastify';
import { ROUTE_AUTH_MODE } from '@pc/platform';
import { ErrorBodyDto, RETRY_AFTER_HEADER } from '../http/error-body';

/**
 * How a route authenticates:
 * - `public`: nobody is asked who they are (sign-up, sign-in, documents);
 * - `optional`: anonymous callers are served public data, a token or session adds theirs;
 * - `required`: a token or a session (the default);
 * - `session`: a browser session only (token creation);
 * - `admin`: a token or session of an administrator.
 */
export type AuthMode = 'public' | 'optional' | 'required' | 'session' | 'admin';
export const AUTH_MODE = ROUTE_AUTH_MODE;

/**
 * An error a route answers: its status, what it means, and (`'retry-after'`) that the answer says in a
 * Retry-After header when to try again, as every 429 does.
 */
export type ApiError = readonly [status: number, description: string, header?: 'retry-after'];

const errorResponse = ([status, description, header]: ApiError) =>
  ApiResponse({
    status,
    description,
    type: ErrorBodyDto,
    ...(status === 429 || header === 'retry-after' ? { headers: RETRY_AFTER_HEADER } : {}),
  });

/**
 * The document says so: `security: [{}]` here (the swagger module drops an empty list), which the
 * document's builder writes as `security: []`, no credentials needed.
 */
export const Public = () =>
  applyDecorators(SetMetadata(AUTH_MODE, 'public' satisfies AuthMode), ApiSecurity({}));

/** A route's authentication: its mode, the credentials the document offers, and what its 401 and 403 mean. */
const authentication = (
  mode: AuthMode,
  credentials: Array<ClassDecorator | MethodDecorator>,
  unauthorized: string,
  forbidden: string,
) =>
  applyDecorators(
    SetMetadata(AUTH_MODE, mode),
    ...credentials,
    errorResponse([401, unauthorized]),
    errorResponse([403, forbidden]),
  );

/** A bearer token or a browser session. */
const tokenOrSession = () => [ApiBearerAuth('token'), ApiCookieAuth('session')];

export const OptionalAuth = () =>
  authentication(
    'optional',
    [...tokenOrSession(), ApiSecurity({})],
    'A token was sent but is invalid, expired or revoked',
    'The token lacks the scope this method needs',
  );

export const Authenticated = () =>
  authentication(
    'required',
    tokenOrSession(),
    'Missing, invalid, expired or revoked token',
    'The token lacks the scope this method needs, or the caller may not do this',
  );

export const SessionOnly = () =>
  authentication(
    'session',
    [ApiCookieAuth('session')],
    'No signed-in browser session',
    'A personal access token cannot do this (a token cannot create a token)',
  );

export const AdminOnly = () =>
  authentication(
    'admin',
    tokenOrSession(),
    'Missing, invalid, expired or revoked token',
    'Administrators only, or the token lacks the scope',
  );

export const READS_ONLY = 'pc:reads-only';

/**
 * A POST that changes nothing (an evaluation: its answer is computed, nothing is stored): the token
 * needs `api:read` only, as for a GET, so a read-only CI token can run it. The document says so with
 * `x-required-scope` (an extension; every other route's scope follows from its method).
 */
export const ReadsOnly = () =>
  applyDecorators(SetMetadata(READS_ONLY, true), ApiExtension('x-required-scope', 'api:read'));

/**
 * The 502 of a route that reads the source host: the host failed, could not be reached, or rate limits
 * the service, which then answers with the seconds the host asked for in Retry-After.
 */
export const SOURCE_HOST_UNREADABLE: ApiError = [
  502,
  'The source host could not be read, or rate limits requests (Retry-After, when it said how long); try again later',
  'retry-after',
];

/** Documents the error statuses of a route, each with the common error body. */
export const ApiErrors = (...errors: ApiError[]) => applyDecorators(...errors.map(errorResponse));

/** The request context the auth guard established: request id and caller. */
export const Ctx = createParamDecorator((_: unknown, context: ExecutionContext): RequestContext => {
  const request = context.switchToHttp().getRequest<FastifyRequest & { ctx?: RequestContext }>();
  if (!request.ctx) throw new Error('Auth guard did not run');
  return request.ctx;
});
