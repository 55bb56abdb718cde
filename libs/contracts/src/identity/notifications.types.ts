/**
 * What an inbox entry tells: an idea delivered, a webhook endpoint disabled, a deployment drifted, a
 * review decided on what the caller submitted (a policy, a policy's revision, a ruleset), a governed API
 * that crossed its workspace's threshold, a waiver that expired, or a followed ruleset's new version that
 * changed the conformance of APIs.
 */
export const NOTIFICATION_KINDS = [
  'idea_delivered',
  'webhook_disabled',
  'deployment_drifted',
  'review_decided',
  'governed_api_threshold_crossed',
  'waiver_expired',
  'governed_api_conformance_changed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** An entry of the caller's inbox (`GET /api/me/notifications`). */
export interface Notification {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  data: Record<string, unknown>;
  read: boolean;
  created_at: string;
}

/** A page of the caller's inbox: at most `limit` (NOTIFICATIONS_PAGE), after the one `cursor` names. */
export interface ListNotificationsRequest {
  limit?: number;
  /** Opaque: the `nextCursor` of the page before. */
  cursor?: string;
}

/** One page of the inbox, newest first: whether older ones follow, and the cursor of the next page. */
export interface NotificationPage {
  notifications: Notification[];
  hasMore: boolean;
  nextCursor: string | null;
}
