import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { CatalogEvents } from '@pc/contracts';
import { DurableEventsClient } from '@pc/platform';
import { logWhenGivenUp } from '../common/given-up';
import { NotificationsService } from '../notifications';
import { WebhooksService } from '../webhooks';

/**
 * Notifies an idea's submitter when the catalog reports it delivered. The event comes from the
 * catalog's outbox over durable events: redelivered until this service acknowledges it, and recorded
 * at most once per event id.
 */
@Injectable()
export class IdeaDeliveredSubscriber implements OnApplicationBootstrap {
  constructor(
    private readonly events: DurableEventsClient,
    private readonly notifications: NotificationsService,
    private readonly webhooks: WebhooksService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.events.subscribe(
      CatalogEvents.ideaDelivered,
      'identity',
      async (event) => {
        await this.notifications.ideaDelivered(event);
        await this.webhooks.fanOut(
          { users: [event.submitterId], workspaces: [] },
          'idea.delivered',
          event.eventId,
          {
            idea_id: event.ideaId,
            idea_title: event.ideaTitle,
            resource_type: event.resourceType,
            resource_id: event.resourceId,
            resource_name: event.resourceName,
          },
        );
      },
      logWhenGivenUp('idea-delivered event given up after every retry'),
    );
  }
}
