import { Inject, Injectable } from '@nestjs/common';
import { createLogger, RemoteError, SharedBudgets } from '@pc/platform';
import { GatewayEnv } from '../gateway.env';

const log = createLogger('gateway');

/** Failures from one address over all emails may be this many times the per-email limit. */
const ADDRESS_FACTOR = 5;

/** A sign-in counted as a failure until identity says the password was right. */
export interface SignInAttempt {
  /** The password was right: the attempt is given back, and the email's count from this address cleared. */
  succeeded(): Promise<void>;
  /** Identity did not check the password (it was unreachable, or refused the request for another reason). */
  notChecked(): Promise<void>;
}

/**
 * Slows password guessing: at most LOGIN_MAX_FAILURES failed sign-ins for one email from one address
 * (and five times as many from one address over all emails), and LOGIN_ACCOUNT_MAX_FAILURES for one
 * account from all addresses together (an attacker with many addresses), per window; past them sign-in
 * answers 429 with Retry-After until the window ends.
 *
 * Each sign-in is counted as a failure before identity checks its password, in one step with the check
 * of the limits, and given back when the password was right: sign-ins sent at once can never have more
 * passwords checked than the limits allow. The counts are the shared budgets (`SharedBudgets`), so every
 * gateway replica counts against the same limits.
 */
@Injectable()
export class LoginThrottle {
  constructor(
    @Inject(GatewayEnv) private readonly env: GatewayEnv,
    private readonly budgets: SharedBudgets,
  ) {}

  /** Counts the attempt against every limit, or throws RATE_LIMITED (429) when one of them is reached. */
  async attempt(address: string, email: string, now = Date.now()): Promise<SignInAttempt> {
    const normalized = email.trim().toLowerCase();
    const perEmail = `signin-email|${address}|${normalized}`;
    const keys = [perEmail, `signin-address|${address}`, `signin-account|${normalized}`];
    const windowMs = this.env.LOGIN_FAILURE_WINDOW_MINUTES * 60_000;
    const full = await this.budgets.count(
      [
        { key: keys[0], limit: this.env.LOGIN_MAX_FAILURES },
        { key: keys[1], limit: this.env.LOGIN_MAX_FAILURES * ADDRESS_FACTOR },
        { key: keys[2], limit: this.env.LOGIN_ACCOUNT_MAX_FAILURES },
      ],
      windowMs,
      now,
    );
    if (full !== null) {
      throw new RemoteError({
        code: 'RATE_LIMITED',
        message: 'Too many failed sign-ins: try again later',
        retryAfter: Math.max(1, Math.ceil((full - now) / 1000)),
      });
    }
    // The sign-in already has its answer: a count not given back (the store unreachable) only errs safe.
    const giveBack = (clear: string[]) =>
      this.budgets
        .giveBack({ one: keys, all: clear }, windowMs, now)
        .catch((error: unknown) => log.warn({ err: error }, 'sign-in attempt not given back'));
    return {
      succeeded: () => giveBack([perEmail]),
      notChecked: () => giveBack([]),
    };
  }
}
