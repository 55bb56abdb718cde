import type {} from '@fastify/cookie';
import { type CanActivate, type ExecutionContext, HttpException, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ANONYMOUS, type Caller, type RequestContext, type Scope } from '@pc/contracts';
import { CallerCache, logContext, readBearer, RemoteError } from '@pc/platform';
import type { FastifyRequest } from 'fastify';
import { AUTH_MODE, type AuthMode, READS_ONLY } from './auth.decorators';
import { SESSION_COOKIE } from './session-cookie';

type AuthedRequest = FastifyRequest & { ctx?: RequestContext };

/**
 * Runs before every route: establishes who is calling (bearer token or session cookie), then checks
 * what the route asks for and the scope the HTTP method needs (GET reads, everything else writes,
 * except a route marked `@ReadsOnly()`: a POST that changes nothing needs `api:read`).
 *
 * The session cookie is sent by the browser on its own, so a request other than a read (GET, HEAD) that
 * the browser marks as coming from another site or origin (`Sec-Fetch-Site: cross-site` or `same-site`)
 * may not use it (403): a POST without a body is a "simple" request another page can send with no
 * preflight, which the JSON-only bodies do not stop, and SameSite=Lax still sends the cookie from a
 * sibling subdomain. The web app's own requests are `same-origin`; a client that is not a browser sends
 * no such header; a bearer token is never sent by the browser on its own, so it is not concerned.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly callers: CallerCache,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    const mode =
      this.reflector.getAllAndOverride<AuthMode | undefined>(AUTH_MODE, [
        context.getHandler(),
        context.getClass(),
      ]) ?? 'required';
    const requestId = request.id;
    logContext.enterWith({ requestId });
    const base: RequestContext = { requestId, caller: ANONYMOUS };
    if (mode === 'public') {
      request.ctx = base;
      return true;
    }
    const readsOnly =
      this.reflector.getAllAndOverride<boolean | undefined>(READS_ONLY, [
        context.getHandler(),
        context.getClass(),
      ]) ?? false;
    request.ctx = { requestId, caller: await this.callerOf(request, mode, readsOnly) };
    return true;
  }

  /**
   * Who is calling and whether they may use a route of `mode` with this method: the caller, or an
   * HTTP error (401, 403) or the identity service's error. Also used before routing (public reads).
   */
  async callerOf(
    request: FastifyRequest,
    mode: Exclude<AuthMode, 'public'>,
    readsOnly = false,
  ): Promise<Caller> {
    const caller = await this.identify(request, { requestId: request.id, caller: ANONYMOUS }, mode);
    const safe = request.method === 'GET' || request.method === 'HEAD';
    if (!safe && caller.kind === 'user' && caller.via === 'session' && fromAnotherSite(request)) {
      throw httpError(
        403,
        'A request from another site cannot use the session cookie: send it from this site, or with a token',
      );
    }
    this.authorize(caller, mode, readsOnly || safe);
    return caller;
  }

  private async identify(request: FastifyRequest, ctx: RequestContext, mode: AuthMode): Promise<Caller> {
    const bearer = readBearer(request.headers.authorization);
    if (bearer.kind === 'invalid') throw httpError(401, bearer.message);
    if (bearer.kind === 'token') return this.callers.resolveToken(ctx, bearer.token);
    const session = request.cookies?.[SESSION_COOKIE];
    if (session) {
      try {
        return await this.callers.resolveSession(ctx, session);
      } catch (error) {
        // A stale cookie does not break public pages; it only fails where sign-in is needed.
        if (mode === 'optional' && error instanceof RemoteError && error.payload.code === 'UNAUTHENTICATED') {
          return ANONYMOUS;
        }
        throw error;
      }
    }
    return ANONYMOUS;
  }

  private authorize(caller: Caller, mode: AuthMode, reads: boolean): void {
    if (caller.kind === 'anonymous') {
      if (mode === 'optional') return;
      throw httpError(401, mode === 'session' ? 'Sign in with a browser session' : 'Authentication required');
    }
    if (mode === 'session' && caller.via !== 'session') {
      throw httpError(403, 'A personal access token cannot create a token: use a signed-in browser session');
    }
    const needed: Scope = reads ? 'api:read' : 'api:write';
    if (!caller.scopes.includes(needed)) throw httpError(403, `This token lacks the ${needed} scope`);
    if (mode === 'admin' && !caller.isAdmin) throw httpError(403, 'Administrators only');
  }
}

/** The browser says the request was made by a page of another origin (Fetch Metadata). */
function fromAnotherSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}

function httpError(status: 401 | 403, message: string): HttpException {
  return new HttpException({ message }, status);
}
