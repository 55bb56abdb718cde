import { defaultRetryDelay, type Job, type JobHandler, type ProcessOptions } from './work-queue';

/** What a queue does with a delivery once its outcome is known. */
export interface DeliveryOutcome {
  /** The handler finished: the job is done. */
  ack(): void;
  /** The handler failed with deliveries left: deliver the job again after `delayMs`. */
  retry(delayMs: number): void;
  /** No delivery left: record the dead letter with `error`, then drop the job. */
  deadLetter(error: unknown): Promise<void>;
}

/**
 * One delivery of a job by the rules every queue keeps: a delivery past `maxDeliver` (the last one was
 * lost: its worker died or overran the ack wait) only records the dead letter; otherwise the handler
 * runs, and a failure is retried after `retryDelayMs` until the last delivery, whose failure is the
 * dead letter.
 */
export async function deliver<T>(
  job: Job<T>,
  maxDeliver: number,
  handler: JobHandler<T>,
  options: ProcessOptions<T>,
  outcome: DeliveryOutcome,
): Promise<void> {
  if (job.attempt > maxDeliver) {
    await outcome.deadLetter(new Error(`No outcome after ${maxDeliver} deliveries`));
    return;
  }
  try {
    await handler(job);
    outcome.ack();
  } catch (error) {
    if (job.attempt >= maxDeliver) {
      await outcome.deadLetter(error);
      return;
    }
    outcome.retry((options.retryDelayMs ?? defaultRetryDelay)(job.attempt));
  }
}
