import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Database } from '@pc/platform';
import { HourlySweep } from '../common/hourly-sweep';
import { SessionsRepository } from './sessions.repository';

/** Deletes expired sessions once an hour (any replica may; the delete is idempotent). */
@Injectable()
export class SessionSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly hourly = new HourlySweep(
    { removed: 'expired sessions removed', failed: 'expired session sweep failed' },
    () => this.sessions.deleteExpired(this.db.pool),
  );

  constructor(
    private readonly db: Database,
    private readonly sessions: SessionsRepository,
  ) {}

  onApplicationBootstrap(): void {
    this.hourly.start();
  }

  onApplicationShutdown(): void {
    this.hourly.stop();
  }

  sweep(): Promise<number> {
    return this.hourly.run();
  }
}
