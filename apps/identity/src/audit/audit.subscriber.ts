import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { AuditEvents } from '@pc/contracts';
import { Database, DurableEventsClient } from '@pc/platform';
import { HourlySweep } from '../common/hourly-sweep';
import { IdentityEnv } from '../identity.env';
import { AuditRepository } from './audit.repository';
import { AuditService } from './audit.service';

/**
 * Appends the gateway's audit records (durable events: at least once, idempotent by entry id) and
 * deletes entries past AUDIT_RETENTION_DAYS once an hour.
 */
@Injectable()
export class AuditSubscriber implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly retention = new HourlySweep(
    { removed: 'audit entries past retention removed', failed: 'audit retention sweep failed' },
    () => this.entries.deleteOlderThan(this.db.pool, this.env.AUDIT_RETENTION_DAYS),
  );

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
    this.retention.start();
  }

  onApplicationShutdown(): void {
    this.retention.stop();
  }

  sweep(): Promise<number> {
    return this.retention.run();
  }
}
