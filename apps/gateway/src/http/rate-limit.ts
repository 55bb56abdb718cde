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
import { RemoteError } from '@pc/platform';
import type { FastifyRequest } from 'fastify';
import { GatewayEnv } from '../gateway.env';
import { ErrorBodyDto } from './error-body';

/** The actions that cost the system (or an external host) most, each with its own budget. */
export type RateLimitedAction =
  'signup' | 'validation' | 'branches' | 'download' | 'submission' | 'evaluation';

interface Budget {
  limit: number;
  windowMs: number;
}

interface Window {
  count: number;
  since: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const MAX_KEYS = 100_000;
const RATE_LIMITED = 'pc:rate-limited';

/**
 * Fixed-window counters per action, per client address and (when signed in) per user; kept in this
 * gateway replica's memory, so with N replicas behind a balancer a client gets up to N times the budget.
 */
@Injectable()
export class RateLimits {
  private readonly windows = new Map<string, Window>();
  private readonly budgets: Record<RateLimitedAction, Budget>;

  constructor(@Inject(GatewayEnv) env: GatewayEnv) {
    this.budgets = {
      signup: { limit: env.RATE_LIMIT_SIGNUPS_PER_HOUR, windowMs: HOUR },
      validation: { limit: env.RATE_LIMIT_VALIDATIONS_PER_MINUTE, windowMs: MINUTE },
      branches: { limit: env.RATE_LIMIT_BRANCH_LISTINGS_PER_MINUTE, windowMs: MINUTE },
      download: { limit: env.RATE_LIMIT_DOWNLOADS_PER_MINUTE, windowMs: MINUTE },
      submission: { limit: env.RATE_LIMIT_SUBMISSIONS_PER_HOUR, windowMs: HOUR },
      evaluation: { limit: env.RATE_LIMIT_EVALUATIONS_PER_MINUTE, windowMs: MINUTE },
    };
  }

  /** Counts one attempt for each subject; throws 429 with Retry-After when any is over its budget. */
  take(action: RateLimitedAction, subjects: string[]): void {
    const { limit, windowMs } = this.budgets[action];
    if (limit === 0) return;
    const now = Date.now();
    const windows = subjects.map((subject) => this.window(`${action}|${subject}`, now, windowMs));
    const full = windows.find((w) => w.count >= limit);
    if (full) {
      throw new RemoteError({
        code: 'RATE_LIMITED',
        message: `Too many requests of this kind (at most ${limit} per ${windowMs === HOUR ? 'hour' : 'minute'}): try again later`,
        retryAfter: Math.max(1, Math.ceil((full.since + windowMs - now) / 1000)),
      });
    }
    for (const w of windows) w.count += 1;
  }

  private window(key: string, now: number, windowMs: number): Window {
    let window = this.windows.get(key);
    if (!window || now - window.since >= windowMs) {
      window = { count: 0, since: now };
      this.windows.delete(key);
      this.windows.set(key, window);
      while (this.windows.size > MAX_KEYS) {
        const oldest = this.windows.keys().next().value;
        if (oldest === undefined) break;
        this.windows.delete(oldest);
      }
    }
    return window;
  }
}

@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limits: RateLimits,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const action = this.reflector.get<RateLimitedAction | undefined>(RATE_LIMITED, context.getHandler());
    if (!action) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest & { ctx?: RequestContext }>();
    const caller = request.ctx?.caller;
    const subjects = [`ip:${request.ip}`];
    if (caller?.kind === 'user') subjects.push(`user:${caller.userId}`);
    this.limits.take(action, subjects);
    return true;
  }
}

/** Runs after authentication: counts the call against the caller's address and account. */
export const RateLimited = (action: RateLimitedAction) =>
  applyDecorators(
    SetMetadata(RATE_LIMITED, action),
    UseGuards(RateLimitGuard),
    ApiResponse({
      status: 429,
      description:
        'Too many of these requests from this address or account (Retry-After gives the seconds to wait)',
      type: ErrorBodyDto,
    }),
  );
