import { createLogger } from '@pc/platform';

const log = createLogger('identity');
const EVERY_MS = 60 * 60 * 1000;

/** What a sweep logs: after removing rows, and when it failed (the next hour tries again). */
export interface SweepMessages {
  removed: string;
  failed: string;
}

/**
 * Deletes rows past their time once an hour while the app runs (any replica may: the delete must be
 * idempotent). The timer never holds the process open; a failed sweep is logged and removes nothing.
 */
export class HourlySweep {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly messages: SweepMessages,
    private readonly remove: () => Promise<number>,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.run(), EVERY_MS).unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Sweeps now; how many rows it removed. */
  async run(): Promise<number> {
    try {
      const removed = await this.remove();
      if (removed > 0) log.info({ removed }, this.messages.removed);
      return removed;
    } catch (error) {
      log.warn({ err: error }, this.messages.failed);
      return 0;
    }
  }
}
