import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { type ApiThresholdCrossedEvent, GovernanceEvents, type WaiverExpiredEvent } from '@pc/contracts';
import { createLogger, DurableEventsClient } from '@pc/platform';
import { NotificationsService } from './notifications.service';

const log = createLogger('identity');
const GIVE_UP = {
  onDeadLetter: (job: { id: string }, error: unknown): Promise<void> => {
    log.error({ err: error, eventId: job.id }, 'governance news given up after every retry');
    return Promise.resolve();
  },
};
const percent = (value: number | null): string => (value === null ? 'no conformance' : `${value}%`);

/**
 * API governance's news in the inbox (durable events of the rulesets service, one entry per event id): an
 * API crossing its workspace's threshold, either way, reaches whoever registered it; an expired waiver
 * reaches its author.
 */
@Injectable()
export class GovernanceNewsSubscriber implements OnApplicationBootstrap {
  constructor(
    private readonly events: DurableEventsClient,
    private readonly notifications: NotificationsService,
  ) {}

  onApplicationBootstrap(): void {
    this.events.subscribeInBackground(
      GovernanceEvents.thresholdCrossed,
      'identity',
      (event, delivery) => this.thresholdCrossed(delivery.id, event),
      GIVE_UP,
    );
    this.events.subscribeInBackground(
      GovernanceEvents.waiverExpired,
      'identity',
      (event, delivery) => this.waiverExpired(delivery.id, event),
      GIVE_UP,
    );
  }

  private thresholdCrossed(eventId: string, event: ApiThresholdCrossedEvent): Promise<void> {
    const below = event.direction === 'below';
    return this.notifications.addOnce(eventId, event.owner_id, {
      kind: 'governed_api_threshold_crossed',
      title: below
        ? `${event.api_name} is at risk: ${percent(event.conformance)}`
        : `${event.api_name} is back above ${event.threshold}%`,
      body: `Its conformance moved from ${percent(event.previous_conformance)} to ${percent(event.conformance)}; the workspace's threshold is ${event.threshold}%.`,
      data: {
        apiId: event.api_id,
        workspaceId: event.workspace_id,
        evaluationId: event.evaluation_id,
        direction: event.direction,
        conformance: event.conformance,
      },
    });
  }

  private waiverExpired(eventId: string, event: WaiverExpiredEvent): Promise<void> {
    return this.notifications.addOnce(eventId, event.owner_id, {
      kind: 'waiver_expired',
      title: `Your waiver of ${event.rule} on ${event.api_name} expired`,
      body: `Its findings at ${event.location} count again: the API's conformance is ${percent(event.conformance)}.`,
      data: { apiId: event.api_id, workspaceId: event.workspace_id, waiverId: event.waiver_id },
    });
  }
}
