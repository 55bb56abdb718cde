import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DeploymentsEvents, type DeploymentSucceededWebhookV1 } from '@pc/contracts';
import { createLogger, DurableEventsClient } from '@pc/platform';
import { WebhooksService } from './webhooks.service';

const log = createLogger('identity');

/**
 * Feeds webhooks from the durable events (at least once; the fan-out is idempotent by event id). The
 * catalog's `idea.delivered` arrives through the notifications' subscriber (one consumer per app and
 * event), which hands it on to `WebhooksService.fanOut`.
 */
@Injectable()
export class WebhookEventsSubscriber implements OnApplicationBootstrap {
  constructor(
    private readonly events: DurableEventsClient,
    private readonly webhooks: WebhooksService,
  ) {}

  onApplicationBootstrap(): void {
    this.events.subscribeInBackground(
      DeploymentsEvents.deploymentSucceeded,
      'identity',
      async (event, delivery) => {
        if (!event.created_by) return;
        const data: DeploymentSucceededWebhookV1 = {
          deployment_id: event.deployment_id,
          asset_type: event.asset_type,
          policy_id: event.policy_id,
          ruleset_id: event.ruleset_id,
          workspace_id: event.workspace_id,
          connection_id: event.connection_id,
          platform_org_id: event.platform_org_id,
        };
        await this.webhooks.fanOut(event.created_by, 'deployment.succeeded', delivery.id, data);
      },
      {
        onDeadLetter: (job, error) => {
          log.error({ err: error, eventId: job.id }, 'deployment-succeeded webhook fan-out given up');
          return Promise.resolve();
        },
      },
    );
  }
}
