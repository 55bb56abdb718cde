import { Injectable } from '@nestjs/common';
import { CatalogEvents } from '@pc/contracts';
import { DurableEventsClient, OutboxRelayBase } from '@pc/platform';
import { OutboxRepository } from './outbox.repository';

/** Publishes the catalog's events (ideas delivered) after commit; see `OutboxRelayBase`. */
@Injectable()
export class OutboxRelay extends OutboxRelayBase {
  constructor(outbox: OutboxRepository, events: DurableEventsClient) {
    super(outbox, events, { service: 'catalog', events: [CatalogEvents.ideaDelivered], retryMs: 5000 });
  }
}
