import { createHash } from 'node:crypto';
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import {
  type ApiThresholdCrossedEvent,
  type ApiThresholdCrossedWebhookV1,
  type ConformanceChangedEvent,
  type ConformanceChangedWebhookV1,
  GovernanceEvents,
  type WaiverExpiredEvent,
  type WaiverExpiredWebhookV1,
} from '@pc/contracts';
import { DurableEventsClient } from '@pc/platform';
import { logWhenGivenUp } from '../common/given-up';
import { WorkspaceOwners } from '../common/workspace-owners';
import { NotificationsService } from '../notifications';
import { WebhooksService } from '../webhooks';

const GIVE_UP = logWhenGivenUp('governance news given up after every retry');
const percent = (value: number | null): string => (value === null ? 'no conformance' : `${value}%`);

/** The inbox entry's id for one recipient of an event that reaches several (stable: redelivery adds none). */
function recipientEventId(eventId: string, userId: string): string {
  const hex = createHash('sha256').update(`${eventId}:${userId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * API governance's news (durable events of the rulesets service, one consumer per event): an API crossing
 * its workspace's threshold, either way, reaches whoever registered it; an expired waiver reaches its
 * author: an inbox entry (one per event id) and a webhook to their endpoints and the workspace's. A
 * followed ruleset's new version that changed the conformance of a workspace's APIs reaches each of their
 * registrants (an inbox entry listing theirs), and their endpoints and the workspace's (every API that
 * changed).
 */
@Injectable()
export class GovernanceNewsSubscriber implements OnApplicationBootstrap {
  constructor(
    private readonly events: DurableEventsClient,
    private readonly notifications: NotificationsService,
    private readonly webhooks: WebhooksService,
    private readonly workspaces: WorkspaceOwners,
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
    this.events.subscribeInBackground(
      GovernanceEvents.conformanceChanged,
      'identity',
      (event, delivery) => this.conformanceChanged(delivery.id, event),
      GIVE_UP,
    );
  }

  /**
   * Of the users a workspace's news concerns, those still members of it (the others, disabled since,
   * hear nothing more of the workspace; its own endpoints still do).
   */
  private async members(userIds: string[], workspaceId: string, eventId: string): Promise<string[]> {
    const kept: string[] = [];
    for (const userId of userIds)
      if (await this.workspaces.isActiveMember(userId, workspaceId, `governance-news-${eventId}`))
        kept.push(userId);
    return kept;
  }

  private async thresholdCrossed(eventId: string, event: ApiThresholdCrossedEvent): Promise<void> {
    const below = event.direction === 'below';
    const [owner] = await this.members([event.owner_id], event.workspace_id, eventId);
    if (owner)
      await this.notifications.addOnce(eventId, owner, {
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
    await this.webhooks.fanOut(
      { users: owner ? [owner] : [], workspaces: [event.workspace_id] },
      'governed_api.threshold_crossed',
      eventId,
      {
        api_id: event.api_id,
        api_name: event.api_name,
        workspace_id: event.workspace_id,
        direction: event.direction,
        threshold: event.threshold,
        conformance: event.conformance,
        previous_conformance: event.previous_conformance,
        evaluation_id: event.evaluation_id,
      } satisfies ApiThresholdCrossedWebhookV1,
    );
  }

  private async waiverExpired(eventId: string, event: WaiverExpiredEvent): Promise<void> {
    const [owner] = await this.members([event.owner_id], event.workspace_id, eventId);
    if (owner)
      await this.notifications.addOnce(eventId, owner, {
        kind: 'waiver_expired',
        title: `Your waiver of ${event.rule} on ${event.api_name} expired`,
        body: `Its findings at ${event.location} count again: the API's conformance is ${percent(event.conformance)}.`,
        data: { apiId: event.api_id, workspaceId: event.workspace_id, waiverId: event.waiver_id },
      });
    await this.webhooks.fanOut(
      { users: owner ? [owner] : [], workspaces: [event.workspace_id] },
      'governed_api.waiver_expired',
      eventId,
      {
        waiver_id: event.waiver_id,
        api_id: event.api_id,
        api_name: event.api_name,
        workspace_id: event.workspace_id,
        rule: event.rule,
        location: event.location,
        conformance: event.conformance,
      } satisfies WaiverExpiredWebhookV1,
    );
  }

  private async conformanceChanged(eventId: string, event: ConformanceChangedEvent): Promise<void> {
    const owners = await this.members(
      [...new Set(event.apis.map((api) => api.owner_id))],
      event.workspace_id,
      eventId,
    );
    for (const ownerId of owners) {
      const theirs = event.apis.filter((api) => api.owner_id === ownerId);
      await this.notifications.addOnce(recipientEventId(eventId, ownerId), ownerId, {
        kind: 'governed_api_conformance_changed',
        title: `${event.ruleset_name}'s new version changed the conformance of ${theirs.length === 1 ? theirs[0].api_name : `${theirs.length} of your APIs`}`,
        body: theirs
          .map(
            (api) => `${api.api_name}: ${percent(api.previous_conformance)} -> ${percent(api.conformance)}`,
          )
          .join('; '),
        data: {
          workspaceId: event.workspace_id,
          rulesetId: event.ruleset_id,
          version: event.version,
          apis: theirs.map((api) => ({
            apiId: api.api_id,
            previousConformance: api.previous_conformance,
            conformance: api.conformance,
          })),
        },
      });
    }
    await this.webhooks.fanOut(
      { users: owners, workspaces: [event.workspace_id] },
      'governed_api.conformance_changed',
      eventId,
      {
        workspace_id: event.workspace_id,
        ruleset_id: event.ruleset_id,
        ruleset_name: event.ruleset_name,
        version: event.version,
        changed: event.changed,
        apis: event.apis.map((api) => ({
          api_id: api.api_id,
          api_name: api.api_name,
          previous_conformance: api.previous_conformance,
          conformance: api.conformance,
        })),
      } satisfies ConformanceChangedWebhookV1,
    );
  }
}
