import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DeployCountsRepository } from '@pc/listings';
import { Database, DurableEventsClient, subscribeDeployCounts } from '@pc/platform';

/**
 * Counts a ruleset's successful deployments from the deployments service's durable events
 * (`deployments.deployment.succeeded.v1`): redelivered until acknowledged, counted once per event id.
 */
@Injectable()
export class DeployCountsSubscriber implements OnApplicationBootstrap {
  constructor(
    private readonly events: DurableEventsClient,
    private readonly counts: DeployCountsRepository,
    private readonly db: Database,
  ) {}

  onApplicationBootstrap(): void {
    subscribeDeployCounts(
      this.events,
      'rulesets',
      (event) => this.counts.listingOf(event),
      (eventId, rulesetId) => this.counts.countOnce(this.db.pool, eventId, rulesetId),
    );
  }
}
