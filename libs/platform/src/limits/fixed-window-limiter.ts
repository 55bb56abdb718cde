import { RemoteError } from '../errors/domain-error';

/** How many of one kind of request a subject (an address, a user) may make per window; 0 is no limit. */
export interface Budget {
  limit: number;
  windowMs: number;
}

interface Window {
  count: number;
  since: number;
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
const MAX_KEYS = 100_000;

/**
 * Fixed-window counters per action and subject (`ip:…`, `user:…`), in this process's memory: the one
 * rate limiter of the gateway's REST routes and the tool server's tools, so a budget means the same on
 * both edges. At most 100,000 windows are kept (the oldest go first); with N replicas behind a balancer
 * a client gets up to N times a budget.
 */
export class FixedWindowLimiter<Action extends string> {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly budgets: Record<Action, Budget>) {}

  /**
   * Counts one request of `action` for every subject, or none when any subject is over its budget: then
   * throws `RATE_LIMITED` (429) with `retryAfter`, the seconds until that window ends.
   */
  take(action: Action, subjects: string[], now = Date.now()): void {
    const { limit, windowMs } = this.budgets[action];
    if (limit === 0) return;
    const windows = subjects.map((subject) => this.window(`${action}|${subject}`, now, windowMs));
    const full = windows.find((w) => w.count >= limit);
    if (full) {
      throw new RemoteError({
        code: 'RATE_LIMITED',
        message: `Too many requests of this kind (at most ${limit} per ${describeWindow(windowMs)}): try again later`,
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

function describeWindow(windowMs: number): string {
  if (windowMs === HOUR_MS) return 'hour';
  if (windowMs === MINUTE_MS) return 'minute';
  return `${Math.round(windowMs / 1000)} seconds`;
}
