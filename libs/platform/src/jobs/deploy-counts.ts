import { DeploymentsEvents, type DeploymentSucceededEvent } from '@pc/contracts';
import { createLogger } from '../logging/logger';
import type { DurableEventsClient } from './durable-events.client';

/**
 * Counts one kind of asset's successful deployments from the deployments service's durable events
 * (`deployments.deployment.succeeded.v1`): redelivered until acknowledged, counted once per event id by
 * the service's own `countOnce`. `assetIdOf` picks the counted asset out of an event (null: not this
 * service's kind). `subscriber` names the durable consumer and the component of its log lines. Opened in
 * the background: the service serves without its counter, a subscription that cannot open yet is retried.
 */
export function subscribeDeployCounts(
  events: DurableEventsClient,
  subscriber: string,
  assetIdOf: (event: DeploymentSucceededEvent) => string | null,
  countOnce: (eventId: string, assetId: string) => Promise<void>,
): void {
  const log = createLogger(subscriber);
  events.subscribeInBackground(
    DeploymentsEvents.deploymentSucceeded,
    subscriber,
    async (event, delivery) => {
      const assetId = assetIdOf(event);
      if (assetId) await countOnce(delivery.id, assetId);
    },
    {
      onDeadLetter: (job, error) => {
        log.error({ err: error, eventId: job.id }, 'deployment-succeeded event given up after every retry');
        return Promise.resolve();
      },
    },
  );
}
