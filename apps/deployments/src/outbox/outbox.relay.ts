import { Injectable } from '@nestjs/common';
import { DeploymentsEvents } from '@pc/contracts';
import { DurableEventsClient, OutboxRelayBase } from '@pc/platform';
import { OutboxRepository } from '@pc/deployments-store';

/**
 * Publishes deployment successes and failures (written by the workers in the transaction that records
 * them: the catalog's and rulesets' deploy counts, identity's webhooks), drift found by a sync (webhooks)
 * drifts written by the reconcile (the author's inbox) and roll-outs halted by the driver (webhooks); see
 * `OutboxRelayBase`.
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
        DeploymentsEvents.rolloutHalted,
      ],
      retryMs: 2000,
    });
  }
}
