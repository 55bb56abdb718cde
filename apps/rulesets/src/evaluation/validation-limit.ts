import { EVALUATION_LIMITS } from '@pc/contracts';
import { SharedLimit } from './shared-limit';

/**
 * A validation's one time limit on the evaluator, counted from the validation's start: the engine's check
 * of its ruleset and its examples, their waits for a thread included, end within EVALUATION_TIMEOUT_MS of
 * that start, and within `EVALUATION_LIMITS.validationEvaluatorMs` when the setting is longer, so that the
 * answer comes before the gateway stops waiting for it (`validationWaitMs`). What it leaves no time for is
 * not run, and reported in a warning naming it (`ranOut`).
 */
export function validationLimit(timeoutMs: number, now = Date.now()): SharedLimit {
  const limit = new SharedLimit(
    Math.min(timeoutMs, EVALUATION_LIMITS.validationEvaluatorMs),
    "for all of a validation's checks together, from its start",
  );
  limit.start(now);
  return limit;
}

/** What a validation's warning says of its time limit, which ran out. */
export function ranOut(limit: SharedLimit): string {
  return (
    "a validation's checks on the evaluator run within one time limit from its start, waits for a thread " +
    `included (${limit.ms} ms: EVALUATION_TIMEOUT_MS, at most ${EVALUATION_LIMITS.validationEvaluatorMs} ms ` +
    'for a validation), and it ran out'
  );
}
