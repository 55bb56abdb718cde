import type {} from '@fastify/cookie';
import { Injectable } from '@nestjs/common';
import { IdentityRpc, type RequestContext, type UserProfile } from '@pc/contracts';
import { BusClient, CallerCache, hashSecret, RemoteError } from '@pc/platform';
import { LoginThrottle } from '../auth/login-throttle';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from '../auth/session-cookie';
import type { LoginDto, SignupDto } from './auth.dto';

/** Browser sessions: identity opens and ends them; the gateway keeps the cookie. */
@Injectable()
export class SessionService {
  constructor(
    private readonly bus: BusClient,
    private readonly callers: CallerCache,
    private readonly throttle: LoginThrottle,
  ) {}

  async signup(
    ctx: RequestContext,
    body: SignupDto,
    req: FastifyRequest,
    reply: FastifyReply,
  ): Promise<{ user: UserProfile }> {
    const session = await this.bus.request(IdentityRpc.signup, ctx, body);
    setSessionCookie(req, reply, session.sessionToken, session.expiresAt);
    return { user: session.user };
  }

  async login(
    ctx: RequestContext,
    body: LoginDto,
    req: FastifyRequest,
    reply: FastifyReply,
  ): Promise<{ user: UserProfile }> {
    // Counted as a failure before identity checks the password; a wrong password keeps the count.
    const attempt = await this.throttle.attempt(req.ip, body.email);
    const session = await this.bus.request(IdentityRpc.login, ctx, body).catch(async (error: unknown) => {
      if (!(error instanceof RemoteError && error.payload.code === 'IDENTITY.INVALID_CREDENTIALS'))
        await attempt.notChecked();
      throw error;
    });
    await attempt.succeeded();
    setSessionCookie(req, reply, session.sessionToken, session.expiresAt);
    return { user: session.user };
  }

  async logout(ctx: RequestContext, req: FastifyRequest, reply: FastifyReply): Promise<{ ok: true }> {
    const sessionToken = req.cookies?.[SESSION_COOKIE];
    if (sessionToken) {
      // Whose session ends, for the audit log (the route is public: no caller was resolved).
      const caller = await this.callers.resolveSession(ctx, sessionToken).catch(() => undefined);
      if (caller?.kind === 'user')
        (req as FastifyRequest & { auditActor?: string }).auditActor = caller.userId;
      await this.bus.request(IdentityRpc.logout, ctx, { sessionHash: hashSecret(sessionToken) });
      this.callers.evictSession(sessionToken);
    }
    clearSessionCookie(req, reply);
    return { ok: true };
  }
}
