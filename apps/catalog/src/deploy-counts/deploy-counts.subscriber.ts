import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { Database, DurableEventsClient, subscribeDeployCounts } from '@pc/platform';
import { DeployCountsRepository } from './deploy-counts.repository';

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
      (event) => (event.asset_type === 'policy' ? event.policy_id : null),
      (eventId, policyId) => this.counts.countOnce(this.db.pool, eventId, policyId),
    );
  }
}
