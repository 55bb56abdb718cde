import { Inject, Injectable } from '@nestjs/common';
import { RemoteError } from '@pc/platform';
import { GatewayEnv } from '../gateway.env';

interface Window {
  failures: number;
  since: number;
}

const MAX_KEYS = 100_000;
/** Failures from one address over all emails may be this many times the per-email limit. */
const ADDRESS_FACTOR = 5;

/**
 * Slows password guessing: after LOGIN_MAX_FAILURES failed sign-ins for one email from one address
 * (or five times as many from one address over all emails), or LOGIN_ACCOUNT_MAX_FAILURES for one
 * account from all addresses together (an attacker with many addresses), within the window, sign-in
 * answers 429 with Retry-After until the window ends. Kept per gateway replica, in memory.
 */
@Injectable()
export class LoginThrottle {
  private readonly windows = new Map<string, Window>();

  constructor(@Inject(GatewayEnv) private readonly env: GatewayEnv) {}

  check(address: string, email: string): void {
    const now = Date.now();
    const limits: Array<[string, number]> = [
      [this.emailKey(address, email), this.env.LOGIN_MAX_FAILURES],
      [`ip:${address}`, this.env.LOGIN_MAX_FAILURES * ADDRESS_FACTOR],
      [this.accountKey(email), this.env.LOGIN_ACCOUNT_MAX_FAILURES],
    ];
    for (const [key, limit] of limits) {
      const window = this.current(key, now);
      if (window && window.failures >= limit) {
        const retryAfter = Math.max(1, Math.ceil((window.since + this.windowMs() - now) / 1000));
        throw new RemoteError({
          code: 'RATE_LIMITED',
          message: 'Too many failed sign-ins: try again later',
          retryAfter,
        });
      }
    }
  }

  failed(address: string, email: string): void {
    const now = Date.now();
    for (const key of [this.emailKey(address, email), `ip:${address}`, this.accountKey(email)]) {
      const window = this.current(key, now) ?? { failures: 0, since: now };
      window.failures += 1;
      this.windows.delete(key);
      this.windows.set(key, window);
    }
    while (this.windows.size > MAX_KEYS) {
      const oldest = this.windows.keys().next().value;
      if (oldest === undefined) break;
      this.windows.delete(oldest);
    }
  }

  succeeded(address: string, email: string): void {
    this.windows.delete(this.emailKey(address, email));
  }

  private current(key: string, now: number): Window | undefined {
    const window = this.windows.get(key);
    if (window && now - window.since >= this.windowMs()) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  private windowMs(): number {
    return this.env.LOGIN_FAILURE_WINDOW_MINUTES * 60_000;
  }

  private accountKey(email: string): string {
    return `account:${email.trim().toLowerCase()}`;
  }

  private emailKey(address: string, email: string): string {
    return `email:${address}|${email.trim().toLowerCase()}`;
  }
}
