import { Injectable } from '@nestjs/common';
import { RulesetsEvents } from '@pc/contracts';
import { DurableEventsClient, OutboxRelayBase } from '@pc/platform';
import { OutboxRepository } from './outbox.repository';

/** Publishes the rulesets service's events (review decisions, new versions) after commit; see `OutboxRelayBase`. */
@Injectable()
export class OutboxRelay extends OutboxRelayBase {
  constructor(outbox: OutboxRepository, events: DurableEventsClient) {
    super(outbox, events, {
      service: 'rulesets',
      events: [RulesetsEvents.reviewDecided, RulesetsEvents.versionPublished],
      retryMs: 5000,
    });
  }
}
