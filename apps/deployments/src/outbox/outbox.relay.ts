import { Injectable } from '@nestjs/common';
import { DeploymentsEvents } from '@pc/contracts';
import { DurableEventsClient, OutboxRelayBase } from '@pc/platform';
import { OutboxRepository } from './outbox.repository';

/**
 * Publishes deployment successes (written by the workers in the transaction that records them) for
 * the catalog's and rulesets' deploy counts, and drifts (written by the reconcile) for the author's
 * inbox; see `OutboxRelayBase`.
 */
@Injectable()
export class OutboxRelay extends OutboxRelayBase {
  constructor(outbox: OutboxRepository, events: DurableEventsClient) {
    super(outbox, events, {
      service: 'deployments',
      events: [DeploymentsEvents.deploymentSucceeded, DeploymentsEvents.deploymentDrifted],
      retryMs: 2000,
    });
  }
}
