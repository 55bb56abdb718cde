import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DeployCountsRepository } from '@pc/listings';
import { Database, DurableEventsClient, subscribeDeployCounts } from '@pc/platform';

/**
 * Counts a policy's successful deployments from the deployments service's durable events
 * (`deployments.deployment.succeeded.v1`): redelivered until acknowledged, counted once per event id.
 */
@Injectable()
export class DeployCountsSubscriber implements OnApplicationBootstrap {
  constructor(
    private readonly db: Database,
    private readonly events: DurableEventsClient,
    private readonly counts: DeployCountsRepository,
  ) {}

  onApplicationBootstrap(): void {
    subscribeDeployCounts(
      this.events,
      'catalog',
      (event) => this.counts.listingOf(event),
      (eventId, policyId) => this.counts.countOnce(this.db.pool, eventId, policyId),
    );
  }
}
