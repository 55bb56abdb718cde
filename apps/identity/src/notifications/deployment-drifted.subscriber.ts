import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DeploymentsEvents } from '@pc/contracts';
import { DurableEventsClient } from '@pc/platform';
import { logWhenGivenUp } from '../common/given-up';
import { NotificationsService } from './notifications.service';

/**
 * Tells a deployment's author when the deployments service's reconcile found it drifted (a durable
 * event from its outbox, one per drift; recorded at most once per event id).
 */
@Injectable()
export class DeploymentDriftedSubscriber implements OnApplicationBootstrap {
  constructor(
    private readonly events: DurableEventsClient,
    private readonly notifications: NotificationsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.events.subscribe(
      DeploymentsEvents.deploymentDrifted,
      'identity',
      (event) => this.notifications.deploymentDrifted(event).then(() => undefined),
      logWhenGivenUp('deployment-drifted event given up after every retry'),
    );
  }
}
