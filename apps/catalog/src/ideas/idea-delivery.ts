import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CatalogEvents, type IdeaDeliveredEvent } from '@pc/contracts';
import type { EntityManager } from 'typeorm';
import { OutboxRelay } from '../outbox/outbox.relay';
import { OutboxRepository } from '../outbox/outbox.repository';
import { IdeasRepository } from './ideas.repository';

/**
 * When a resource is published, the ideas it fully delivers (or completes) become delivered and their
 * submitters are notified: the events are written in the publishing transaction (outbox) and relayed
 * after it commits.
 */
@Injectable()
export class IdeaDelivery {
  constructor(
    private readonly ideas: IdeasRepository,
    private readonly outbox: OutboxRepository,
    private readonly relay: OutboxRelay,
  ) {}

  /** Inside the publishing transaction; returns how many ideas became delivered. */
  async deliverIn(
    db: EntityManager,
    resource: { type: IdeaDeliveredEvent['resourceType']; id: string; name: string },
  ): Promise<number> {
    const delivered = await this.ideas.deliver(db, resource.id);
    for (const idea of delivered) {
      const event: IdeaDeliveredEvent = {
        eventId: randomUUID(),
        ideaId: idea.idea_id,
        ideaTitle: idea.title,
        submitterId: idea.submitter_id,
        resourceType: resource.type,
        resourceId: resource.id,
        resourceName: resource.name,
      };
      await this.outbox.add(db, event.eventId, CatalogEvents.ideaDelivered.pattern, event);
    }
    return delivered.length;
  }

  /** After the commit: sends the notifications written by `deliverIn`. */
  announce(): void {
    this.relay.kick();
  }
}
