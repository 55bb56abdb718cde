import { Injectable } from '@nestjs/common';
import { DeploymentsEvents } from '@pc/contracts';
import { DurableEventsClient, OutboxRelayBase } from '@pc/platform';
import { OutboxRepository } from './outbox.repository';

/**
 * Publishes deployment successes and failures (written by the workers in the transaction that records
 * them: the catalog's and rulesets' deploy counts, identity's webhooks), drift found by a sync (webhooks)
 * and drifts written by the reconcile (the author's inbox); see `OutboxRelayBase`.
 */
@Injectable()
export class OutboxRelay extends OutboxRelayBase {
  constructor(outbox: OutboxRepository, events: DurableEventsClient) {
    super(outbox, events, {
      service: 'deployments',
      events: [
        DeploymentsEvents.deploymentSucceeded,
        DeploymentsEvents.deploymentFailed,
        DeploymentsEvents.driftDetected,
        DeploymentsEvents.deploymentDrifted,
      ],
      retryMs: 2000,
    });
  }
}
