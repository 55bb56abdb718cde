import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { Database, DurableEventsClient, subscribeDeployCounts } from '@pc/platform';
import { DeployCountsRepository } from './deploy-counts.repository';

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
      (event) => (event.asset_type === 'ruleset' ? event.ruleset_id : null),
      (eventId, rulesetId) => this.counts.countOnce(this.db.pool, eventId, rulesetId),
    );
  }
}
