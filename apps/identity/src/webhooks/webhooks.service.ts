import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  type CreateWebhookRequest,
  type ListWebhookAttemptsRequest,
  type ListWebhookDeliveriesRequest,
  type ListWebhooksRequest,
  type RequestContext,
  type RotateWebhookSecretRequest,
  type UpdateWebhookRequest,
  WEBHOOK_DELIVERY_PAGE,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_ROTATION_OVERLAP_DEFAULT_SECONDS,
  WEBHOOK_ROTATION_OVERLAP_MAX_SECONDS,
  WEBHOOK_URL_MAX,
  type WebhookDelivery,
  type WebhookDeliveryAttempt,
  type WebhookDeliveryPage,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookMessage,
  type WebhookWithSecret,
  WORKSPACE_WEBHOOK_EVENT_TYPES,
} from '@pc/contracts';
import { isOutboundError, type OutboundGuard, outboundGuardFromEnv } from '@pc/outbound';
import { badRequest, Database, notFound, pageOf, requireUser, SecretBox, unprocessable } from '@pc/platform';
import { decodeTimeKey } from '../common/time-cursor';
import { WorkspaceOwners } from '../common/workspace-owners';
import { IdentityEnv } from '../identity.env';
import { WebhookDispatcher } from './webhook-dispatcher';
import { newWebhookSecret } from './webhook-signer';
import { type Audience, type EndpointOwner, WebhooksRepository } from './webhooks.repository';

/** The kind its delivery log's cursors name: a cursor of another list is a 400. */
const WEBHOOK_DELIVERIES = 'webhook-deliveries';

/**
 * Webhook endpoints: a user's own, or a workspace's (managed by its owner), and the fan-out of events
 * to them. Secrets are sealed (AES-256-GCM, WEBHOOKS_ENCRYPTION_KEYS) before they are stored.
 */
@Injectable()
export class WebhooksService {
  private readonly guard: OutboundGuard;

  constructor(
    private readonly env: IdentityEnv,
    private readonly db: Database,
    private readonly webhooks: WebhooksRepository,
    private readonly dispatcher: WebhookDispatcher,
    private readonly owners: WorkspaceOwners,
    private readonly box: SecretBox,
  ) {
    this.guard = outboundGuardFromEnv({ OUTBOUND_ALLOWLIST: env.OUTBOUND_ALLOWLIST });
  }

  async list(ctx: RequestContext, request: ListWebhooksRequest): Promise<{ endpoints: WebhookEndpoint[] }> {
    const owner = await this.ownerFor(ctx, request.workspace_id);
    return { endpoints: await this.webhooks.listFor(this.db.pool, owner) };
  }

  async get(ctx: RequestContext, id: string): Promise<{ endpoint: WebhookEndpoint }> {
    return { endpoint: await this.owned(ctx, id) };
  }

  async create(ctx: RequestContext, request: CreateWebhookRequest): Promise<WebhookWithSecret> {
    const caller = requireUser(ctx);
    const owner = await this.ownerFor(ctx, request.workspace_id);
    const url = await this.vetUrl(request.url);
    const eventTypes = checkEventTypes(request.event_types, owner);
    const id = randomUUID();
    const secret = newWebhookSecret();
    const endpoint = await this.db.transaction(async (tx) => {
      if ((await this.webhooks.lockOwnerAndCount(tx, owner)) >= this.env.WEBHOOKS_MAX_ENDPOINTS_PER_USER) {
        throw unprocessable(
          `At most ${this.env.WEBHOOKS_MAX_ENDPOINTS_PER_USER} webhook endpoints per user or workspace (WEBHOOKS_MAX_ENDPOINTS_PER_USER): delete one first`,
        );
      }
      return this.webhooks.insert(tx, {
        id,
        userId: caller.userId,
        workspaceId: request.workspace_id ?? null,
        url,
        description: (request.description ?? '').trim(),
        eventTypes,
        secret: this.box.seal(id, secret),
      });
    });
    return { endpoint, secret };
  }

  async update(ctx: RequestContext, request: UpdateWebhookRequest): Promise<{ endpoint: WebhookEndpoint }> {
    const current = await this.owned(ctx, request.id);
    const url = request.url === undefined ? undefined : await this.vetUrl(request.url);
    const eventTypes =
      request.event_types === undefined ? undefined : checkEventTypes(request.event_types, ownerOf(current));
    const endpoint = await this.webhooks.update(this.db.pool, current.id, {
      url,
      description: request.description?.trim(),
      eventTypes,
      enable: request.enabled,
    });
    if (!endpoint) throw notFound('Webhook endpoint');
    if (request.enabled) this.dispatcher.wake();
    return { endpoint };
  }

  async remove(ctx: RequestContext, id: string): Promise<{ ok: true }> {
    const endpoint = await this.owned(ctx, id);
    if (!(await this.webhooks.remove(this.db.pool, endpoint.id))) throw notFound('Webhook endpoint');
    return { ok: true };
  }

  async rotateSecret(ctx: RequestContext, request: RotateWebhookSecretRequest): Promise<WebhookWithSecret> {
    const overlap = request.overlap_seconds ?? WEBHOOK_ROTATION_OVERLAP_DEFAULT_SECONDS;
    if (!Number.isInteger(overlap) || overlap < 0 || overlap > WEBHOOK_ROTATION_OVERLAP_MAX_SECONDS) {
      throw badRequest('Invalid overlap', [
        { field: 'overlap_seconds', message: `must be 0 to ${WEBHOOK_ROTATION_OVERLAP_MAX_SECONDS}` },
      ]);
    }
    const current = await this.owned(ctx, request.id);
    const secret = newWebhookSecret();
    const endpoint = await this.webhooks.rotate(
      this.db.pool,
      current.id,
      this.box.seal(current.id, secret),
      overlap,
    );
    if (!endpoint) throw notFound('Webhook endpoint');
    return { endpoint, secret };
  }

  /** Sends a `webhook.ping` message to the endpoint (whatever it subscribes to): a test of the receiver. */
  async ping(ctx: RequestContext, id: string): Promise<{ delivery: WebhookDelivery }> {
    const endpoint = await this.owned(ctx, id);
    const [delivery] = await this.webhooks.addDeliveries(this.db.pool, [endpoint.id], {
      id: randomUUID(),
      type: 'webhook.ping',
      body: messageBody('webhook.ping', { endpoint_id: endpoint.id, message: 'ping' }),
    });
    this.dispatcher.wake();
    return { delivery: delivery };
  }

  async listDeliveries(
    ctx: RequestContext,
    request: ListWebhookDeliveriesRequest,
  ): Promise<WebhookDeliveryPage> {
    const endpoint = await this.owned(ctx, request.id);
    const limit = Math.min(
      Math.max(request.limit ?? WEBHOOK_DELIVERY_PAGE.default, 1),
      WEBHOOK_DELIVERY_PAGE.max,
    );
    const after = decodeTimeKey(request.cursor, WEBHOOK_DELIVERIES);
    const rows = await this.webhooks.listDeliveries(this.db.pool, endpoint.id, limit + 1, after);
    const page = await pageOf(rows, limit, WEBHOOK_DELIVERIES, (head) =>
      head.map(({ cursor_key: _key, ...delivery }) => delivery),
    );
    return { deliveries: page.items, hasMore: page.hasMore, nextCursor: page.nextCursor };
  }

  /** Each attempt of one of the caller's deliveries, newest first (404 for another's). */
  async listAttempts(
    ctx: RequestContext,
    request: ListWebhookAttemptsRequest,
  ): Promise<{ attempts: WebhookDeliveryAttempt[] }> {
    const endpoint = await this.owned(ctx, request.id);
    const delivery = await this.webhooks.findDelivery(this.db.pool, endpoint.id, request.delivery_id);
    if (!delivery) throw notFound('Webhook delivery');
    return { attempts: await this.webhooks.listAttempts(this.db.pool, delivery.id) };
  }

  async redeliver(
    ctx: RequestContext,
    id: string,
    deliveryId: string,
  ): Promise<{ delivery: WebhookDelivery }> {
    const endpoint = await this.owned(ctx, id);
    const delivery = await this.webhooks.redeliver(this.db.pool, endpoint.id, deliveryId);
    if (!delivery) {
      if (await this.webhooks.findDelivery(this.db.pool, endpoint.id, deliveryId)) {
        throw unprocessable('The delivery is being attempted right now; try again when it ends');
      }
      throw notFound('Webhook delivery');
    }
    this.dispatcher.wake();
    return { delivery };
  }

  /**
   * Fans an event out to the active endpoints subscribed to its type of the users and workspaces it
   * concerns: one delivery each, at most once per event id (a redelivered event adds nothing).
   */
  async fanOut(
    audience: Audience,
    eventType: WebhookEventType,
    eventId: string,
    data: unknown,
  ): Promise<number> {
    const endpoints = await this.webhooks.subscribed(this.db.pool, audience, eventType);
    const added = await this.webhooks.addDeliveries(this.db.pool, endpoints, {
      id: eventId,
      type: eventType,
      body: messageBody(eventType, data),
    });
    if (added.length > 0) this.dispatcher.wake();
    return added.length;
  }

  /** The caller's own endpoints, or (with a workspace id) the workspace's, for its owner only. */
  private async ownerFor(ctx: RequestContext, workspaceId: string | undefined): Promise<EndpointOwner> {
    const caller = requireUser(ctx);
    if (workspaceId === undefined) return { userId: caller.userId };
    await this.owners.requireOwner(ctx, workspaceId);
    return { workspaceId };
  }

  /** An endpoint the caller manages: their own, or one of a workspace they own (404 otherwise). */
  private async owned(ctx: RequestContext, id: string): Promise<WebhookEndpoint> {
    const caller = requireUser(ctx);
    const found = await this.webhooks.find(this.db.pool, id);
    if (!found) throw notFound('Webhook endpoint');
    const { endpoint, userId } = found;
    const mine =
      endpoint.workspace_id === null
        ? userId === caller.userId
        : await this.owners.isOwner(ctx, endpoint.workspace_id);
    if (!mine) throw notFound('Webhook endpoint');
    return endpoint;
  }

  /** The URL must be http(s) (https when WEBHOOKS_REQUIRE_HTTPS) and resolve to public addresses only. */
  private async vetUrl(input: string): Promise<string> {
    const invalid = (message: string) => badRequest('Invalid webhook URL', [{ field: 'url', message }]);
    if (typeof input !== 'string' || input.length > WEBHOOK_URL_MAX)
      throw invalid(`must be a URL of at most ${WEBHOOK_URL_MAX} characters`);
    let url: URL;
    try {
      url = this.guard.parse(input);
    } catch (error) {
      throw invalid(error instanceof Error ? error.message : 'is not a valid URL');
    }
    if (this.env.WEBHOOKS_REQUIRE_HTTPS && url.protocol !== 'https:') throw invalid('must use https');
    try {
      await this.guard.vet(url);
    } catch (error) {
      if (isOutboundError(error) && error.kind !== 'invalid_url') {
        throw unprocessable(`The webhook URL cannot be used: ${error.message}`, [
          { field: 'url', message: error.message },
        ]);
      }
      throw invalid(error instanceof Error ? error.message : 'is not a valid URL');
    }
    return url.toString();
  }
}

function ownerOf(endpoint: WebhookEndpoint): EndpointOwner {
  // Only the kind matters to the event types' check.
  return endpoint.workspace_id ? { workspaceId: endpoint.workspace_id } : { userId: '' };
}

/** One or more known event types; a workspace's endpoint only those about a workspace. */
function checkEventTypes(types: unknown, owner: EndpointOwner): WebhookEventType[] {
  const allowed: readonly string[] =
    'workspaceId' in owner ? WORKSPACE_WEBHOOK_EVENT_TYPES : WEBHOOK_EVENT_TYPES;
  if (
    !Array.isArray(types) ||
    types.length === 0 ||
    types.some((t) => typeof t !== 'string' || !allowed.includes(t))
  ) {
    throw badRequest('Unknown event types', [
      {
        field: 'event_types',
        message: `must be one or more of ${allowed.join(', ')}${'workspaceId' in owner ? ' (a workspace endpoint)' : ''}`,
      },
    ]);
  }
  return [...new Set(types as WebhookEventType[])];
}

export function messageBody(type: WebhookEventType, data: unknown): string {
  const message: WebhookMessage = { type, version: 1, timestamp: new Date().toISOString(), data };
  return JSON.stringify(message);
}
