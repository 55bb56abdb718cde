import { Injectable } from '@nestjs/common';
import {
  type DeploymentDriftedEvent,
  type IdeaDeliveredEvent,
  isUser,
  type ListNotificationsRequest,
  type NotificationPage,
  NOTIFICATIONS_PAGE,
  type RequestContext,
} from '@pc/contracts';
import { badRequest, Database, pageOf, unauthenticated } from '@pc/platform';
import { decodeTimeKey } from '../common/time-cursor';
import { type NotificationRow, NotificationsRepository, toNotification } from './notifications.repository';

/** The kind the inbox's cursors name: a cursor of another list is a 400. */
const NOTIFICATIONS = 'notifications';

/** A review's decision, from the catalog's or the rulesets service's event. */
export interface ReviewDecided {
  assetType: 'policy' | 'ruleset';
  kind: 'submission' | 'revision';
  decision: 'approved' | 'rejected' | 'needs_improvement';
  resourceId: string;
  resourceName: string;
  submissionId: string;
  authorId: string | null;
  feedback: string | null;
}

/** The caller's inbox, filled by events of other services. */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly db: Database,
    private readonly notifications: NotificationsRepository,
  ) {}

  /**
   * The caller's inbox newest first, one page: at most `limit` (the newest 200 without one, as before
   * paging) and at most the reply budget in bytes (a shorter page then); `nextCursor` reads on.
   */
  async list(ctx: RequestContext, request: ListNotificationsRequest): Promise<NotificationPage> {
    if (!isUser(ctx.caller)) throw unauthenticated();
    const limit = pageLimit(request.limit);
    const after = decodeTimeKey(request.cursor, NOTIFICATIONS);
    const rows = await this.notifications.listFor(this.db.pool, ctx.caller.userId, limit + 1, after);
    const page = await pageOf(rows, limit, NOTIFICATIONS, (head) => head.map(toNotification));
    return { notifications: page.items, hasMore: page.hasMore, nextCursor: page.nextCursor };
  }

  /** A malformed event is refused (not acknowledged) so the sender's outbox keeps it for a fix. */
  async ideaDelivered(event: IdeaDeliveredEvent): Promise<{ ok: true }> {
    const missing = (['eventId', 'submitterId', 'ideaId', 'ideaTitle'] as const).filter(
      (field) => typeof event[field] !== 'string' || event[field] === '',
    );
    if (missing.length > 0) {
      throw badRequest(
        'Malformed idea-delivered event',
        missing.map((field) => ({ field, message: 'is required' })),
      );
    }
    await this.notifications.addOnce(this.db.pool, event.eventId, event.submitterId, {
      kind: 'idea_delivered',
      title: `Your idea "${event.ideaTitle}" was delivered`,
      body: `${event.resourceName} delivers it and is now published.`,
      data: { ideaId: event.ideaId, resourceType: event.resourceType, resourceId: event.resourceId },
    });
    return { ok: true };
  }

  /** One inbox entry per drift (the event id): what changed on the platform behind the service's back. */
  async deploymentDrifted(event: DeploymentDriftedEvent): Promise<{ ok: true }> {
    const missing = (['eventId', 'created_by', 'deployment_id', 'asset_name'] as const).filter(
      (field) => typeof event[field] !== 'string' || event[field] === '',
    );
    if (missing.length > 0)
      throw badRequest(
        'Malformed deployment-drifted event',
        missing.map((field) => ({ field, message: 'is required' })),
      );
    const where = event.platform_org_name ?? event.platform_org_id;
    const what = event.differences
      .slice(0, 5)
      .map((d) =>
        d.field === 'presence' ? 'the item was removed' : `${d.field} is ${JSON.stringify(d.actual)}`,
      )
      .join(', ');
    await this.notifications.addOnce(this.db.pool, event.eventId, event.created_by, {
      kind: 'deployment_drifted',
      title: `${event.asset_name} drifted in ${where}`,
      body: `The platform no longer runs what your deployment applied: ${what}.`,
      data: {
        deploymentId: event.deployment_id,
        organizationId: event.platform_org_id,
        differences: event.differences,
      },
    });
    return { ok: true };
  }

  /**
   * The submitter hears of a review's decision in their inbox (one entry per event id): what was
   * decided on what, with the reviewer's feedback.
   */
  async reviewDecided(eventId: string, decided: ReviewDecided): Promise<void> {
    if (!decided.authorId) return;
    const words = {
      approved: 'was approved',
      rejected: 'was rejected',
      needs_improvement: 'needs improvement',
    }[decided.decision];
    const what =
      decided.kind === 'revision'
        ? `Your change to ${decided.resourceName}`
        : `Your ${decided.assetType} ${decided.resourceName}`;
    await this.notifications.addOnce(this.db.pool, eventId, decided.authorId, {
      kind: 'review_decided',
      title: `${what} ${words}`,
      body: decided.feedback
        ? `The reviewer wrote: ${decided.feedback}`
        : decided.decision === 'approved'
          ? 'It is published in the catalog.'
          : 'The reviewer left no feedback.',
      data: {
        assetType: decided.assetType,
        resourceId: decided.resourceId,
        submissionId: decided.submissionId,
        kind: decided.kind,
        decision: decided.decision,
      },
    });
  }

  /** For the other features of this service (a disabled webhook endpoint): one entry per event id. */
  addOnce(
    eventId: string,
    userId: string,
    fields: Pick<NotificationRow, 'kind' | 'title' | 'body' | 'data'>,
  ): Promise<void> {
    return this.notifications.addOnce(this.db.pool, eventId, userId, fields);
  }
}

/** A page's size: `limit` within NOTIFICATIONS_PAGE (the gateway refuses one outside), else the default. */
function pageLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isInteger(limit)) return NOTIFICATIONS_PAGE.default;
  return Math.min(Math.max(limit, NOTIFICATIONS_PAGE.min), NOTIFICATIONS_PAGE.max);
}
