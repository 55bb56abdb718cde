import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How long a client waits, once it finds its stream or consumer missing, before it declares them again.
 * NATS answers a deleted stream's pending pulls (`409 consumer deleted`) before it has removed the
 * stream's files, and a stream declared again at once under the same name is created in the folder being
 * removed: its new consumer's files vanish under it (nats-server 2.9 under load answered the consumer's
 * creation with `open .../obs/<durable>/meta.inf: no such file or directory`, and an event published
 * meanwhile never reached its subscriber). Waiting lets the removal end, and spreads the replicas that
 * found the loss at the same moment.
 */
export const REDECLARE_SETTLE_MS = 1000;

/** A publish that finds its stream missing declares it again and publishes, at most this many times. */
export const REDECLARE_ATTEMPTS = 3;

/**
 * Whether a JetStream call failed because its stream or consumer does not exist (NATS restarted without
 * its JetStream data): a pull or an API call answers 404 `stream not found` / `consumer not found`, a
 * pull pending as the consumer goes answers 409 `consumer deleted`, a publish to a subject no stream
 * takes answers 503 (no responders).
 */
export function isMissingStream(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    String(code) === '503' ||
    (String(code) === '404' && /(stream|consumer) not found/.test(String(message))) ||
    (String(code) === '409' && /consumer deleted/.test(String(message)))
  );
}

/**
 * Runs `operation` (a publish); when it finds its stream missing, waits `settleMs`, declares the stream
 * again with `redeclare` and runs it there. A declaration or a publish that fails again (the stream
 * still being removed) is retried after a longer wait, `REDECLARE_ATTEMPTS` times in all; the last
 * failure is the caller's. Any other first failure is the caller's at once.
 */
export async function retriedAfterStreamLoss<R>(
  operation: () => Promise<R>,
  redeclare: () => Promise<void>,
  warn: (error: unknown, attempt: number) => void,
  settleMs = REDECLARE_SETTLE_MS,
): Promise<R> {
  try {
    return await operation();
  } catch (error) {
    if (!isMissingStream(error)) throw error;
    warn(error, 0);
  }
  for (let attempt = 1; ; attempt++) {
    await sleep(settleMs * attempt);
    try {
      await redeclare();
      return await operation();
    } catch (error) {
      if (attempt >= REDECLARE_ATTEMPTS) throw error;
      warn(error, attempt);
    }
  }
}
