import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import {
  CatalogEvents,
  type CommentCreatedWebhookV1,
  type DeploymentDriftDetectedWebhookV1,
  type DeploymentFailedWebhookV1,
  DeploymentsEvents,
  type DeploymentSucceededEvent,
  type DeploymentSucceededWebhookV1,
  type DeploymentWebhookFields,
  type RolloutHaltedWebhookV1,
  RulesetsEvents,
  type SubmissionDecidedWebhookV1,
  type TransferOfferedWebhookV1,
  type VersionPublishedWebhookV1,
  type WebhookEventType,
} from '@pc/contracts';
import { Database, DurableEventsClient, type EventSubscriber } from '@pc/platform';
import { logWhenGivenUp } from '../common/given-up';
import { WorkspaceOwners } from '../common/workspace-owners';
import { type FollowedItem, FollowsService } from '../follows';
import { NotificationsService, type ReviewDecided } from '../notifications';
import { type Audience, WebhooksRepository } from './webhooks.repository';
import { WebhooksService } from './webhooks.service';

/** What one durable event becomes: the webhook event type, who it concerns, and its versioned payload. */
interface Delivery {
  type: WebhookEventType;
  audience: Audience;
  data: unknown;
}

const user = (id: string | undefined | null): Audience => ({ users: id ? [id] : [], workspaces: [] });

/** An event every retry failed for is logged and dropped (its owners miss that one message). */
const GIVE_UP = logWhenGivenUp('webhook fan-out given up');

/**
 * Feeds webhooks from the owning services' durable events (at least once; the fan-out is idempotent by
 * event id). Each event is mapped here, in one table, to its public webhook payload (`...WebhookV1`:
 * the internal event may change, the payload only by a new version) and to the users and workspaces it
 * concerns (a new version: those who deployed it and those who follow it). The catalog's `idea.delivered` arrives through the notifications' subscriber (one consumer
 * per app and event), which hands it on to `WebhooksService.fanOut`; a review's decision is also
 * written to the submitter's inbox here, for the same reason.
 */
@Injectable()
export class WebhookEventsSubscriber implements OnApplicationBootstrap {
  constructor(
    private readonly events: DurableEventsClient,
    private readonly webhooks: WebhooksService,
    private readonly repository: WebhooksRepository,
    private readonly db: Database,
    private readonly follows: FollowsService,
    private readonly notifications: NotificationsService,
    private readonly workspaces: WorkspaceOwners,
  ) {}

  onApplicationBootstrap(): void {
    const events = this.events;
    events.subscribeInBackground(
      DeploymentsEvents.deploymentSucceeded,
      'identity',
      this.fanOut(async (event, eventId) => {
        await this.rememberDeployer(event);
        return {
          type: 'deployment.succeeded',
          audience: await this.workspaceAudience(event, eventId),
          data: {
            ...deploymentData(event),
            ...(event.self_heal ? { self_heal: true } : {}),
          } satisfies DeploymentSucceededWebhookV1,
        };
      }),
      GIVE_UP,
    );
    events.subscribeInBackground(
      DeploymentsEvents.deploymentFailed,
      'identity',
      this.fanOut(async (event, eventId) => ({
        type: 'deployment.failed',
        audience: await this.workspaceAudience(event, eventId),
        data: { ...deploymentData(event), error: event.error } satisfies DeploymentFailedWebhookV1,
      })),
      GIVE_UP,
    );
    events.subscribeInBackground(
      DeploymentsEvents.driftDetected,
      'identity',
      this.fanOut(async (event, eventId) => ({
        type: 'deployment.drift_detected',
        audience: await this.workspaceAudience(event, eventId),
        data: {
          deployment_id: event.deployment_id,
          asset_type: event.asset_type,
          policy_id: event.policy_id,
          ruleset_id: event.ruleset_id,
          workspace_id: event.workspace_id,
          platform_org_id: event.platform_org_id,
          found: event.found,
          status: event.status,
        } satisfies DeploymentDriftDetectedWebhookV1,
      })),
      GIVE_UP,
    );
    events.subscribeInBackground(
      DeploymentsEvents.rolloutHalted,
      'identity',
      this.fanOut(async (event, eventId) => ({
        type: 'rollout.halted',
        audience: await this.workspaceAudience(event, eventId),
        data: {
          rollout_id: event.rollout_id,
          asset_type: event.asset_type,
          policy_id: event.policy_id,
          ruleset_id: event.ruleset_id,
          asset_name: event.asset_name,
          workspace_id: event.workspace_id,
          connection_id: event.connection_id,
          version: event.version,
          step: event.step,
          reason: event.reason,
          halted_at: event.halted_at,
        } satisfies RolloutHaltedWebhookV1,
      })),
      GIVE_UP,
    );
    events.subscribeInBackground(
      CatalogEvents.reviewDecided,
      'identity',
      this.fanOut((event, eventId) =>
        this.reviewDecided(eventId, {
          assetType: 'policy',
          kind: event.kind,
          decision: event.decision,
          resourceId: event.policy_id,
          resourceName: event.policy_name,
          submissionId: event.submission_id,
          authorId: event.author_id,
          feedback: event.feedback,
        }),
      ),
      GIVE_UP,
    );
    events.subscribeInBackground(
      RulesetsEvents.reviewDecided,
      'identity',
      this.fanOut((event, eventId) =>
        this.reviewDecided(eventId, {
          assetType: 'ruleset',
          kind: 'submission',
          decision: event.decision,
          resourceId: event.ruleset_id,
          resourceName: event.ruleset_name,
          submissionId: event.submission_id,
          authorId: event.author_id,
          feedback: event.feedback,
        }),
      ),
      GIVE_UP,
    );
    events.subscribeInBackground(
      CatalogEvents.versionPublished,
      'identity',
      this.fanOut((event) =>
        this.versionPublished(
          { assetType: 'policy', resourceId: event.policy_id },
          { resourceName: event.policy_name, version: null, commit: event.commit },
        ),
      ),
      GIVE_UP,
    );
    events.subscribeInBackground(
      RulesetsEvents.versionPublished,
      'identity',
      this.fanOut((event) =>
        this.versionPublished(
          { assetType: 'ruleset', resourceId: event.ruleset_id },
          { resourceName: event.ruleset_name, version: event.version, commit: event.commit },
        ),
      ),
      GIVE_UP,
    );
    events.subscribeInBackground(
      CatalogEvents.transferOffered,
      'identity',
      this.fanOut((event) => ({
        type: 'transfer.offered',
        audience: user(event.to_user_id),
        data: {
          transfer_id: event.transfer_id,
          resource_type: event.resource_type,
          resource_id: event.resource_id,
          resource_name: event.resource_name,
          from_user_id: event.from_user_id,
          expires_at: event.expires_at,
        } satisfies TransferOfferedWebhookV1,
      })),
      GIVE_UP,
    );
    events.subscribeInBackground(
      CatalogEvents.policyCommented,
      'identity',
      this.fanOut((event) => ({
        type: 'comment.created',
        audience: user(event.policy_owner_id),
        data: {
          comment_id: event.comment_id,
          policy_id: event.policy_id,
          policy_name: event.policy_name,
          author_id: event.author_id,
          excerpt: event.excerpt,
        } satisfies CommentCreatedWebhookV1,
      })),
      GIVE_UP,
    );
  }

  /** The handler of one event: map it, then fan it out (idempotent by the event id). */
  private fanOut<P>(
    toDelivery: (event: P, eventId: string) => Delivery | Promise<Delivery>,
  ): EventSubscriber<P> {
    return async (event, delivery) => {
      const { type, audience, data } = await toDelivery(event, delivery.id);
      await this.webhooks.fanOut(audience, type, delivery.id, data);
    };
  }

  /** A review's decision, of either kind: written to the submitter's inbox, then their webhook event. */
  private async reviewDecided(eventId: string, decided: ReviewDecided): Promise<Delivery> {
    await this.notifications.reviewDecided(eventId, decided);
    return {
      type: 'submission.decided',
      audience: user(decided.authorId),
      data: {
        submission_id: decided.submissionId,
        asset_type: decided.assetType,
        kind: decided.kind,
        decision: decided.decision,
        resource_id: decided.resourceId,
        resource_name: decided.resourceName,
        feedback: decided.feedback,
      } satisfies SubmissionDecidedWebhookV1,
    };
  }

  /** A new version of a policy or a ruleset, for those who deployed it and those who follow it. */
  private async versionPublished(
    item: FollowedItem,
    version: { resourceName: string; version: string | null; commit: string | null },
  ): Promise<Delivery> {
    return {
      type: 'version.published',
      audience: await this.versionAudience(item),
      data: {
        asset_type: item.assetType,
        resource_id: item.resourceId,
        resource_name: version.resourceName,
        version: version.version,
        commit: version.commit,
      } satisfies VersionPublishedWebhookV1,
    };
  }

  /**
   * Who hears of a new version: those who deployed it (their own endpoints and their workspace's) and
   * those who follow it (their own endpoints). Both are identity's own tables.
   */
  private async versionAudience(item: FollowedItem): Promise<Audience> {
    const [deployers, followers] = await Promise.all([
      this.repository.deployersOf(this.db.pool, item),
      this.follows.followersOf(item),
    ]);
    return { users: [...new Set([...deployers.users, ...followers])], workspaces: deployers.workspaces };
  }

  /**
   * A workspace's event (a deployment's, a roll-out's) reaches the workspace's endpoints, and its author's
   * own while they are still a member (one removed since no longer sees the workspace's deployments).
   */
  private async workspaceAudience(
    event: { created_by?: string | null; workspace_id: string },
    eventId: string,
  ): Promise<Audience> {
    const author = event.created_by;
    const member =
      !!author && (await this.workspaces.isActiveMember(author, event.workspace_id, `webhook-${eventId}`));
    return { users: member ? [author] : [], workspaces: [event.workspace_id] };
  }

  /** Who deployed what where: a later `version.published` of it reaches them and their workspace. */
  private async rememberDeployer(event: DeploymentSucceededEvent): Promise<void> {
    const resourceId = event.asset_type === 'ruleset' ? event.ruleset_id : event.policy_id;
    if (!event.created_by || !resourceId) return;
    await this.repository.recordDeployer(
      this.db.pool,
      { assetType: event.asset_type === 'ruleset' ? 'ruleset' : 'policy', resourceId },
      event.created_by,
      event.workspace_id,
    );
  }
}

/** The deployment a `deployment.*` message is about (a success's self-heal mark is the caller's). */
function deploymentData(event: DeploymentSucceededEvent): DeploymentWebhookFields {
  return {
    deployment_id: event.deployment_id,
    asset_type: event.asset_type,
    policy_id: event.policy_id,
    ruleset_id: event.ruleset_id,
    workspace_id: event.workspace_id,
    connection_id: event.connection_id,
    platform_org_id: event.platform_org_id,
  };
}
