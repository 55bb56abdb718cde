import { Inject, Injectable } from '@nestjs/common';
import { FixedWindowLimiter, HOUR_MS, MINUTE_MS, SharedBudgets } from '@pc/platform';
import { McpEnv } from '../mcp.env';

/**
 * The budget a tool counts against, per user: `submission` is the REST submissions' budget
 * (`RATE_LIMIT_SUBMISSIONS_PER_HOUR`: an idea waits for an administrator like a policy submission does),
 * `vote` the votes' (`RATE_LIMIT_VOTES_PER_MINUTE`), `evaluation` the REST evaluations'
 * (`RATE_LIMIT_EVALUATIONS_PER_MINUTE`: `evaluate_api` runs the same engine as
 * `POST /api/ruleset-evaluations`).
 */
export type ToolBudget = 'submission' | 'vote' | 'evaluation';

/**
 * The tool server's per-user budgets, on the gateway's limiter and in the budgets every replica of both
 * edges shares: one count per tool call, so a batch of JSON-RPC calls in one request counts each of its
 * calls, and a user's evaluations through the tool server and the REST API draw on one budget.
 */
@Injectable()
export class ToolLimits {
  private readonly limiter: FixedWindowLimiter<ToolBudget>;

  constructor(@Inject(McpEnv) env: McpEnv, budgets: SharedBudgets) {
    this.limiter = new FixedWindowLimiter<ToolBudget>(
      {
        submission: { limit: env.RATE_LIMIT_SUBMISSIONS_PER_HOUR, windowMs: HOUR_MS },
        vote: { limit: env.RATE_LIMIT_VOTES_PER_MINUTE, windowMs: MINUTE_MS },
        evaluation: { limit: env.RATE_LIMIT_EVALUATIONS_PER_MINUTE, windowMs: MINUTE_MS },
      },
      budgets,
    );
  }

  /** Throws RATE_LIMITED (with `retryAfter`) when the user is over the budget; else counts the call. */
  take(budget: ToolBudget, userId: string): Promise<void> {
    return this.limiter.take(budget, [`user:${userId}`]);
  }
}
