import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { Database, DurableEventsClient, subscribeDeployCounts } from '@pc/platform';
import { LISTING_KIND, type ListingKind } from '../listing-kind';
import { DeployCountsRepository } from './deploy-counts.repository';

/**
 * Counts a listing's successful deployments from the deployments service's durable events
 * (`deployments.deployment.succeeded.v1`), in a durable consumer named after the kind's service:
 * redelivered until acknowledged, counted once per event id.
 */
@Injectable()
export class DeployCountsSubscriber implements OnApplicationBootstrap {
  constructor(
    @Inject(LISTING_KIND) private readonly kind: ListingKind,
    private readonly db: Database,
    private readonly events: DurableEventsClient,
    private readonly counts: DeployCountsRepository,
  ) {}

  onApplicationBootstrap(): void {
    subscribeDeployCounts(
      this.events,
      this.kind.service,
      (event) => this.counts.listingOf(event),
      (eventId, listingId) => this.counts.countOnce(this.db.pool, eventId, listingId),
    );
  }
}
