import { createLogger } from '@pc/platform';

const log = createLogger('identity');

/**
 * The subscription option for a durable event every retry failed for: it is logged with its id under
 * `message` and dropped (whoever it concerned misses that one message).
 */
export function logWhenGivenUp(message: string): {
  onDeadLetter: (job: { id: string }, error: unknown) => Promise<void>;
} {
  return {
    onDeadLetter: (job, error) => {
      log.error({ err: error, eventId: job.id }, message);
      return Promise.resolve();
    },
  };
}
