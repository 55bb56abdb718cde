import { RemoteError } from '../errors/domain-error';
import { BUDGET_MAX_WINDOW_MS, type BudgetStore, MemoryBudgetStore } from './shared-budgets';

/** How many of one kind of request a subject (an address, a user) may make per window; 0 is no limit. */
export interface Budget {
  limit: number;
  windowMs: number;
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;

/**
 * Fixed-window counters per action and subject (`ip:…`, `user:…`): the one rate limiter of the gateway's
 * REST routes and the tool server's tools, so a budget means the same on both edges. The counts live in
 * a `BudgetStore`: `SharedBudgets` in the apps (one bucket for every replica on NATS, so N replicas behind
 * a balancer still give a client one budget), this process's memory by default. Windows are aligned to
 * the epoch (every replica agrees where one starts).
 */
export class FixedWindowLimiter<Action extends string> {
  constructor(
    private readonly budgets: Record<Action, Budget>,
    private readonly store: BudgetStore = new MemoryBudgetStore(),
  ) {
    for (const [action, budget] of Object.entries<Budget>(this.budgets)) {
      if (budget.windowMs > BUDGET_MAX_WINDOW_MS) throw new Error(`budget ${action}: window too long`);
    }
  }

  /**
   * Counts one request of `action` for every subject, or none when any subject is over its budget: then
   * throws `RATE_LIMITED` (429) with `retryAfter`, the seconds until that window ends.
   */
  async take(action: Action, subjects: string[], now = Date.now()): Promise<void> {
    const { limit, windowMs } = this.budgets[action];
    if (limit === 0) return;
    const counters = subjects.map((subject) => ({ key: `${action}|${subject}`, limit }));
    const full = await this.store.count(counters, windowMs, now);
    if (full !== null) {
      throw new RemoteError({
        code: 'RATE_LIMITED',
        message: `Too many requests of this kind (at most ${limit} per ${describeWindow(windowMs)}): try again later`,
        retryAfter: Math.max(1, Math.ceil((full - now) / 1000)),
      });
    }
  }
}

function describeWindow(windowMs: number): string {
  if (windowMs === HOUR_MS) return 'hour';
  if (windowMs === MINUTE_MS) return 'minute';
  return `${Math.round(windowMs / 1000)} seconds`;
}
