import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { createLogger, Database } from '@pc/platform';
import { SessionsRepository } from './sessions.repository';

const log = createLogger('identity');
const EVERY_MS = 60 * 60 * 1000;

/** Deletes expired sessions once an hour (any replica may; the delete is idempotent). */
@Injectable()
export class SessionSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly db: Database,
    private readonly sessions: SessionsRepository,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async sweep(): Promise<number> {
    try {
      const removed = await this.sessions.deleteExpired(this.db.pool);
      if (removed > 0) log.info({ removed }, 'expired sessions removed');
      return removed;
    } catch (error) {
      log.warn({ err: error }, 'expired session sweep failed');
      return 0;
    }
  }
}
