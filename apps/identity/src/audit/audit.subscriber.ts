import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { AuditEvents } from '@pc/contracts';
import { createLogger, Database, DurableEventsClient } from '@pc/platform';
import { IdentityEnv } from '../identity.env';
import { AuditRepository } from './audit.repository';
import { AuditService } from './audit.service';

const log = createLogger('identity');
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Appends the gateway's audit records (durable events: at least once, idempotent by entry id) and
 * deletes entries past AUDIT_RETENTION_DAYS once an hour.
 */
@Injectable()
export class AuditSubscriber implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly env: IdentityEnv,
    private readonly events: DurableEventsClient,
    private readonly audit: AuditService,
    private readonly entries: AuditRepository,
    private readonly db: Database,
  ) {}

  onApplicationBootstrap(): void {
    this.events.subscribeInBackground(AuditEvents.recorded, 'identity', (event, delivery) =>
      this.audit.record(delivery.id, event),
    );
    this.timer = setInterval(() => void this.sweep(), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async sweep(): Promise<number> {
    try {
      const removed = await this.entries.deleteOlderThan(this.db.pool, this.env.AUDIT_RETENTION_DAYS);
      if (removed > 0) log.info({ removed }, 'audit entries past retention removed');
      return removed;
    } catch (error) {
      log.warn({ err: error }, 'audit retention sweep failed');
      return 0;
    }
  }
}
