import { Injectable } from '@nestjs/common';
import { CatalogEvents } from '@pc/contracts';
import { DurableEventsClient, OutboxRelayBase } from '@pc/platform';
import { OutboxRepository } from './outbox.repository';

/**
 * Publishes the catalog's events after commit (ideas delivered; for webhooks: review decisions, new
 * reviewed versions, transfers offered, comments); see `OutboxRelayBase`.
 */
@Injectable()
export class OutboxRelay extends OutboxRelayBase {
  constructor(outbox: OutboxRepository, events: DurableEventsClient) {
    super(outbox, events, {
      service: 'catalog',
      events: [
        CatalogEvents.ideaDelivered,
        CatalogEvents.reviewDecided,
        CatalogEvents.versionPublished,
        CatalogEvents.transferOffered,
        CatalogEvents.policyCommented,
      ],
      retryMs: 5000,
    });
  }
}
