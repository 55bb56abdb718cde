/**
 * Signed webhooks (an extension of the spec): a user subscribes an endpoint (a URL) to event types; each
 * event is delivered as a Standard Webhooks message (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature: v1,<base64 HMAC-SHA256>`), retried with backoff, and logged per endpoint.
 */

/** The event types an endpoint can subscribe to; each names a versioned payload (`<type>` + `.v1` schema). */
export const WEBHOOK_EVENT_TYPES = [
  'submission.decided',
  'version.published',
  'deployment.succeeded',
  'deployment.failed',
  'deployment.drift_detected',
  'rollout.halted',
  'transfer.offered',
  'comment.created',
  'idea.delivered',
  'governed_api.threshold_crossed',
  'governed_api.waiver_expired',
  'governed_api.conformance_changed',
  'webhook.ping',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * What a workspace's endpoint may subscribe to: what happens in the workspace (its deployments, new
 * versions of what it deployed). Decisions, transfers, comments and ideas concern a person, not a
 * workspace: only a user's own endpoints hear them.
 */
export const WORKSPACE_WEBHOOK_EVENT_TYPES = [
  'version.published',
  'deployment.succeeded',
  'deployment.failed',
  'deployment.drift_detected',
  'rollout.halted',
  'governed_api.threshold_crossed',
  'governed_api.waiver_expired',
  'governed_api.conformance_changed',
  'webhook.ping',
] as const satisfies readonly WebhookEventType[];

export const WEBHOOK_ENDPOINT_STATUSES = ['active', 'disabled'] as const;
export type WebhookEndpointStatus = (typeof WEBHOOK_ENDPOINT_STATUSES)[number];

/** pending: waiting for its (next) attempt; sending: an attempt under way; succeeded; failed: retries exhausted. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export interface WebhookEndpoint {
  id: string;
  /** Set for a workspace's endpoint (managed by its owner), null for a user's own. */
  workspace_id: string | null;
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
  /** A workspace's endpoint (its owner only); absent: the caller's own. */
  workspace_id?: string;
  url: string;
  description?: string;
  event_types: WebhookEventType[];
}

/** The caller's own endpoints, or a workspace's (its owner only). */
export interface ListWebhooksRequest {
  workspace_id?: string;
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

/** One attempt of a delivery, as the delivery log keeps it. */
export interface WebhookDeliveryAttempt {
  /** 1 for the first attempt; a redelivery continues the count. */
  attempt: number;
  /** When the request was sent. */
  started_at: string;
  duration_ms: number;
  /** The receiver's status code, or null when no response came. */
  response_status: number | null;
  /** The first bytes of the response body (a response came). */
  response_excerpt: string | null;
  /** Why no response came (a timeout, a refused connection, an address not allowed), or null. */
  error: string | null;
}

export interface ListWebhookAttemptsRequest {
  id: string;
  delivery_id: string;
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

/** The deployment a `deployment.*` message is about. */
export interface DeploymentWebhookFields {
  deployment_id: string;
  asset_type: string;
  policy_id: string | null;
  ruleset_id: string | null;
  workspace_id: string;
  connection_id: string;
  platform_org_id: string;
}

export interface DeploymentSucceededWebhookV1 extends DeploymentWebhookFields {
  /**
   * Present, true, when the job was a self-heal: the drift check applied again a deployment that had
   * succeeded and drifted, which is not another deploy of the item. Absent for every other success.
   */
  self_heal?: true;
}

/** A heal that fails sends none: its deployment stays succeeded, the failure on its drift. */
export interface DeploymentFailedWebhookV1 extends DeploymentWebhookFields {
  error: string | null;
}

export interface DeploymentDriftDetectedWebhookV1 {
  deployment_id: string;
  asset_type: string;
  policy_id: string | null;
  ruleset_id: string | null;
  workspace_id: string;
  platform_org_id: string;
  /** `deleted`: removed from the platform out of band; `reapplied`: there again. */
  found: 'deleted' | 'reapplied';
  /** The deployment's status now. */
  status: 'removed' | 'succeeded';
}

/** A roll-out halted: a deployment failed or an item went unhealthy; what it changed is being restored. */
export interface RolloutHaltedWebhookV1 {
  rollout_id: string;
  asset_type: string;
  policy_id: string | null;
  ruleset_id: string | null;
  asset_name: string;
  workspace_id: string;
  connection_id: string;
  /** The version rolled out, when the request named one. */
  version: string | null;
  /** The step (1-based) that halted, null before the first started. */
  step: number | null;
  /** Why it halted (the organization and what the platform or its deployment said). */
  reason: string;
  halted_at: string;
}

export interface SubmissionDecidedWebhookV1 {
  submission_id: string;
  asset_type: 'policy' | 'ruleset';
  /** `revision`: a proposed change of a published policy. */
  kind: 'submission' | 'revision';
  decision: 'approved' | 'rejected' | 'needs_improvement';
  resource_id: string;
  resource_name: string;
  feedback: string | null;
}

export interface VersionPublishedWebhookV1 {
  asset_type: 'policy' | 'ruleset';
  resource_id: string;
  resource_name: string;
  /** The version the ruleset declares (null for policies and undeclared versions). */
  version: string | null;
  /** The reviewed commit now pinned, when known. */
  commit: string | null;
}

export interface TransferOfferedWebhookV1 {
  transfer_id: string;
  resource_type: 'policy' | 'idea' | 'ruleset';
  resource_id: string;
  resource_name: string;
  from_user_id: string;
  expires_at: string;
}

export interface CommentCreatedWebhookV1 {
  comment_id: string;
  policy_id: string;
  policy_name: string;
  author_id: string;
  /** The comment's first 200 characters. */
  excerpt: string;
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

/** API governance: a governed API crossed its workspace's at-risk threshold, either way. */
export interface ApiThresholdCrossedWebhookV1 {
  api_id: string;
  api_name: string;
  workspace_id: string;
  direction: 'below' | 'above';
  threshold: number;
  conformance: number | null;
  previous_conformance: number | null;
  evaluation_id: string;
}

/** API governance: a followed ruleset's new version changed the conformance of the workspace's APIs. */
export interface ConformanceChangedWebhookV1 {
  workspace_id: string;
  ruleset_id: string;
  ruleset_name: string;
  version: string | null;
  /** How many APIs changed (`apis` lists the first 100 by name). */
  changed: number;
  apis: Array<{
    api_id: string;
    api_name: string;
    previous_conformance: number | null;
    conformance: number | null;
  }>;
}

/** API governance: a waiver expired; the findings it covered count again. */
export interface WaiverExpiredWebhookV1 {
  waiver_id: string;
  api_id: string;
  api_name: string;
  workspace_id: string;
  rule: string;
  location: string;
  conformance: number | null;
}
