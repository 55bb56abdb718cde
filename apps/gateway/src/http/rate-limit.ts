import {
  applyDecorators,
  type CanActivate,
  type ExecutionContext,
  Inject,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiResponse } from '@nestjs/swagger';
import type { RequestContext } from '@pc/contracts';
import { FixedWindowLimiter, HOUR_MS, MINUTE_MS, SharedBudgets } from '@pc/platform';
import type { FastifyRequest } from 'fastify';
import { GatewayEnv } from '../gateway.env';
import { ErrorBodyDto, RETRY_AFTER_HEADER } from './error-body';

/** The actions that cost the system (or an external host) most, each with its own budget. */
export type RateLimitedAction =
  | 'signup'
  | 'validation'
  | 'branches'
  | 'download'
  | 'submission'
  | 'credentialCheck'
  | 'evaluation'
  | 'webhookSend'
  | 'refresh';

const RATE_LIMITED = 'pc:rate-limited';

interface RateLimitedRoute {
  action: RateLimitedAction;
  /** Counts only the requests whose (parsed, not yet validated) body this answers true for. */
  when?: (body: unknown) => boolean;
}

/**
 * The gateway's budgets, per client address and (when signed in) per user, on the shared limiter: counted
 * in the budgets every replica shares (and the tool server too: `evaluation` is one budget on both edges).
 */
@Injectable()
export class RateLimits {
  private readonly limiter: FixedWindowLimiter<RateLimitedAction>;

  constructor(@Inject(GatewayEnv) env: GatewayEnv, budgets: SharedBudgets) {
    this.limiter = new FixedWindowLimiter<RateLimitedAction>(
      {
        signup: { limit: env.RATE_LIMIT_SIGNUPS_PER_HOUR, windowMs: HOUR_MS },
        validation: { limit: env.RATE_LIMIT_VALIDATIONS_PER_MINUTE, windowMs: MINUTE_MS },
        branches: { limit: env.RATE_LIMIT_BRANCH_LISTINGS_PER_MINUTE, windowMs: MINUTE_MS },
        download: { limit: env.RATE_LIMIT_DOWNLOADS_PER_MINUTE, windowMs: MINUTE_MS },
        submission: { limit: env.RATE_LIMIT_SUBMISSIONS_PER_HOUR, windowMs: HOUR_MS },
        credentialCheck: { limit: env.RATE_LIMIT_CREDENTIAL_CHECKS_PER_MINUTE, windowMs: MINUTE_MS },
        evaluation: { limit: env.RATE_LIMIT_EVALUATIONS_PER_MINUTE, windowMs: MINUTE_MS },
        webhookSend: { limit: env.RATE_LIMIT_WEBHOOK_SENDS_PER_MINUTE, windowMs: MINUTE_MS },
        refresh: { limit: env.RATE_LIMIT_REFRESHES_PER_MINUTE, windowMs: MINUTE_MS },
      },
      budgets,
    );
  }

  /** Counts one attempt for each subject; throws 429 with Retry-After when any is over its budget. */
  take(action: RateLimitedAction, subjects: string[]): Promise<void> {
    return this.limiter.take(action, subjects);
  }
}

@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limits: RateLimits,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const route = this.reflector.get<RateLimitedRoute | undefined>(RATE_LIMITED, context.getHandler());
    if (!route) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest & { ctx?: RequestContext }>();
    if (route.when && !route.when(request.body)) return true;
    const caller = request.ctx?.caller;
    const subjects = [`ip:${request.ip}`];
    if (caller?.kind === 'user') subjects.push(`user:${caller.userId}`);
    await this.limits.take(route.action, subjects);
    return true;
  }
}

/** The budget a route's handler counts against, if any. */
export function rateLimitedActionOf(handler: object): RateLimitedAction | undefined {
  return (Reflect.getMetadata(RATE_LIMITED, handler) as RateLimitedRoute | undefined)?.action;
}

/**
 * Runs after authentication: counts the call against the caller's address and account; with `when`,
 * only the calls whose body it answers true for (a change that carries new credentials, say).
 */
export const RateLimited = (action: RateLimitedAction, when?: (body: unknown) => boolean) =>
  applyDecorators(
    SetMetadata(RATE_LIMITED, { action, when } satisfies RateLimitedRoute),
    UseGuards(RateLimitGuard),
    ApiResponse({
      status: 429,
      description:
        'Too many of these requests from this address or account (Retry-After gives the seconds to wait)',
      type: ErrorBodyDto,
      headers: RETRY_AFTER_HEADER,
    }),
  );
