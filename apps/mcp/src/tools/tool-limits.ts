import { Inject, Injectable } from '@nestjs/common';
import { FixedWindowLimiter, HOUR_MS, MINUTE_MS } from '@pc/platform';
import { McpEnv } from '../mcp.env';

/**
 * The budget a writing tool counts against, per user: `submission` is the REST submissions' budget
 * (`RATE_LIMIT_SUBMISSIONS_PER_HOUR`: an idea waits for an administrator like a policy submission does),
 * `vote` the votes' (`RATE_LIMIT_VOTES_PER_MINUTE`).
 */
export type ToolBudget = 'submission' | 'vote';

/**
 * The tool server's per-user budgets, on the gateway's limiter: one count per tool call, so a batch of
 * JSON-RPC calls in one request counts each of its calls.
 */
@Injectable()
export class ToolLimits {
  private readonly limiter: FixedWindowLimiter<ToolBudget>;

  constructor(@Inject(McpEnv) env: McpEnv) {
    this.limiter = new FixedWindowLimiter<ToolBudget>({
      submission: { limit: env.RATE_LIMIT_SUBMISSIONS_PER_HOUR, windowMs: HOUR_MS },
      vote: { limit: env.RATE_LIMIT_VOTES_PER_MINUTE, windowMs: MINUTE_MS },
    });
  }

  /** Throws RATE_LIMITED (with `retryAfter`) when the user is over the budget; else counts the call. */
  take(budget: ToolBudget, userId: string): void {
    this.limiter.take(budget, [`user:${userId}`]);
  }
}
