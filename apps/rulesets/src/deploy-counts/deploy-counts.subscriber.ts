import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DeploymentsEvents } from '@pc/contracts';
import { createLogger, DurableEventsClient } from '@pc/platform';
import { DeployCountsRepository } from './deploy-counts.repository';

const log = createLogger('rulesets');

/**
 * Counts a ruleset's successful deployments from the deployments service's durable events
 * (`deployments.deployment.succeeded.v1`): redelivered until acknowledged, counted once per event id.
 */
@Injectable()
export class DeployCountsSubscriber implements OnApplicationBootstrap {
  constructor(
    private readonly events: DurableEventsClient,
    private readonly counts: DeployCountsRepository,
  ) {}

  onApplicationBootstrap(): void {
    // The service serves without its counter: a subscription that cannot open yet is retried.
    this.events.subscribeInBackground(
      DeploymentsEvents.deploymentSucceeded,
      'rulesets',
      async (event, delivery) => {
        if (event.asset_type === 'ruleset' && event.ruleset_id)
          await this.counts.countOnce(delivery.id, event.ruleset_id);
      },
      {
        onDeadLetter: (job, error) => {
          log.error({ err: error, eventId: job.id }, 'deployment-succeeded event given up after every retry');
          return Promise.resolve();
        },
      },
    );
  }
}
