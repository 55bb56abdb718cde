import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DeploymentsEvents } from '@pc/contracts';
import { DurableEventsClient } from '@pc/platform';
import { logWhenGivenUp } from '../common/given-up';
import { WorkspaceOwners } from '../common/workspace-owners';
import { NotificationsService } from './notifications.service';

/**
 * Tells a deployment's author when the deployments service's reconcile found it drifted (a durable
 * event from its outbox, one per drift; recorded at most once per event id), while they are an active
 * member of the deployment's workspace: a member disabled since hears nothing more of it, as on their
 * endpoints (an event written before it named the workspace is told as before).
 */
@Injectable()
export class DeploymentDriftedSubscriber implements OnApplicationBootstrap {
  constructor(
    private readonly events: DurableEventsClient,
    private readonly notifications: NotificationsService,
    private readonly workspaces: WorkspaceOwners,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.events.subscribe(
      DeploymentsEvents.deploymentDrifted,
      'identity',
      async (event) => {
        const { workspace_id: workspaceId, created_by: author, eventId } = event;
        if (workspaceId && !(await this.workspaces.isActiveMember(author, workspaceId, `drift-${eventId}`)))
          return;
        await this.notifications.deploymentDrifted(event);
      },
      logWhenGivenUp('deployment-drifted event given up after every retry'),
    );
  }
}
