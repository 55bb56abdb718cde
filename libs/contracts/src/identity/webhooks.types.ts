/**
 * Signed webhooks (an extension of the spec): a user subscribes an endpoint (a URL) to event types; each
 * event is delivered as a Standard Webhooks message (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature: v1,<base64 HMAC-SHA256>`), retried with backoff, and logged per endpoint.
 */

/** The event types an endpoint can subscribe to; each names a versioned payload (`<type>` + `.v1` schema). */
export const WEBHOOK_EVENT_TYPES = ['deployment.succeeded', 'idea.delivered', 'webhook.ping'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_ENDPOINT_STATUSES = ['active', 'disabled'] as const;
export type WebhookEndpointStatus = (typeof WEBHOOK_ENDPOINT_STATUSES)[number];

/** pending: waiting for its (next) attempt; sending: an attempt under way; succeeded; failed: retries exhausted. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string;
  event_types: WebhookEventType[];
  status: WebhookEndpointStatus;
  /** Why it was disabled (a run of failures), or null. */
  disabled_reason: string | null;
  /** Failed attempts in a row (reset by a success). */
  consecutive_failures: number;
  /** Until when the previous secret still signs beside the current one (rotation), or null. */
  previous_secret_expires_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface CreateWebhookRequest {
  url: string;
  description?: string;
  event_types: WebhookEventType[];
}

export interface UpdateWebhookRequest {
  id: string;
  url?: string;
  description?: string;
  event_types?: WebhookEventType[];
  /** true re-enables a disabled endpoint (its failure count starts again). */
  enabled?: boolean;
}

/** Creation and rotation answer the signing secret (`whsec_` + base64), shown this once. */
export interface WebhookWithSecret {
  endpoint: WebhookEndpoint;
  secret: string;
}

export interface RotateWebhookSecretRequest {
  id: string;
  /** How long the previous secret keeps signing beside the new one (0: stop at once). */
  overlap_seconds?: number;
}

export interface WebhookDelivery {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: WebhookEventType;
  status: WebhookDeliveryStatus;
  attempts: number;
  response_status: number | null;
  duration_ms: number | null;
  /** The first bytes of the last response (or the reason no response came). */
  response_excerpt: string | null;
  next_attempt_at: string | null;
  created_at: string;
  delivered_at: string | null;
}

export interface ListWebhookDeliveriesRequest {
  id: string;
  limit?: number;
  /** Opaque cursor from the previous page. */
  cursor?: string;
}

export interface WebhookDeliveryPage {
  deliveries: WebhookDelivery[];
  hasMore: boolean;
  nextCursor: string | null;
}

/** The body of every delivery: Standard Webhooks' recommended envelope. */
export interface WebhookMessage<T extends WebhookEventType = WebhookEventType, D = unknown> {
  type: T;
  /** Version of `data`'s schema. */
  version: 1;
  timestamp: string;
  data: D;
}

export interface DeploymentSucceededWebhookV1 {
  deployment_id: string;
  asset_type: string;
  policy_id: string | null;
  ruleset_id: string | null;
  workspace_id: string;
  connection_id: string;
  platform_org_id: string;
}

export interface IdeaDeliveredWebhookV1 {
  idea_id: string;
  idea_title: string;
  resource_type: 'policy' | 'ruleset';
  resource_id: string;
  resource_name: string;
}

export interface PingWebhookV1 {
  endpoint_id: string;
  message: string;
}
