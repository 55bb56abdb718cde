import { createLogger } from '../logging/logger';
import { defaultRetryDelay, GiveBack, type Job, type JobHandler, type ProcessOptions } from './work-queue';

const log = createLogger('jobs');
/** How long a job whose dead letter could not be recorded waits before it is delivered again. */
const DEAD_LETTER_RETRY_MS = 1000;

/** What a queue does with a delivery once its outcome is known. */
export interface DeliveryOutcome {
  /** The handler finished: the job is done. */
  ack(): void;
  /** The delivery failed: deliver the job again after `delayMs`, this delivery counted. */
  retry(delayMs: number): void;
  /**
   * The delivery is handed back unused: deliver the job again after `delayMs` (to this worker or
   * another), as if this delivery had not been made, so it counts against no limit.
   */
  giveBack(delayMs: number): Promise<void>;
  /** The dead letter is recorded: drop the job for good. */
  deadLettered(): void;
}

/**
 * One delivery of a job by the rules every queue keeps: a delivery past `maxDeliver` (the last one was
 * lost: its worker died or overran the ack wait) only records the dead letter; otherwise the handler
 * runs, and a failure is retried after `retryDelayMs` until the last delivery, whose failure is the
 * dead letter. A handler, or the dead-letter handler, that throws `GiveBack` gives the delivery back
 * uncounted: the next one has the same attempt number (the dead letter's included).
 */
export async function deliver<T>(
  job: Job<T>,
  maxDeliver: number,
  handler: JobHandler<T>,
  options: ProcessOptions<T>,
  outcome: DeliveryOutcome,
): Promise<void> {
  try {
    await attempt(job, maxDeliver, handler, options, outcome);
  } catch (error) {
    if (!(error instanceof GiveBack)) throw error;
    await outcome.giveBack(error.delayMs);
  }
}

async function attempt<T>(
  job: Job<T>,
  maxDeliver: number,
  handler: JobHandler<T>,
  options: ProcessOptions<T>,
  outcome: DeliveryOutcome,
): Promise<void> {
  if (job.attempt > maxDeliver) {
    await deadLetter(job, new Error(`No outcome after ${maxDeliver} deliveries`), options, outcome);
    return;
  }
  try {
    await handler(job);
  } catch (error) {
    if (error instanceof GiveBack) throw error;
    if (job.attempt >= maxDeliver) {
      await deadLetter(job, error, options, outcome);
      return;
    }
    outcome.retry((options.retryDelayMs ?? defaultRetryDelay)(job.attempt));
    return;
  }
  outcome.ack();
}

async function deadLetter<T>(
  job: Job<T>,
  error: unknown,
  options: ProcessOptions<T>,
  outcome: DeliveryOutcome,
): Promise<void> {
  try {
    await options.onDeadLetter?.(job, error);
  } catch (failure) {
    if (failure instanceof GiveBack) throw failure;
    // Not recorded: let the job come back (while the queue delivers it) rather than vanish.
    log.error({ err: failure, job: job.id }, 'recording a dead letter failed');
    outcome.retry(DEAD_LETTER_RETRY_MS);
    return;
  }
  outcome.deadLettered();
}
