import { event, healthPing, rpc } from '../common/descriptors';
import { z } from 'zod';
import { FOLLOWABLE_ASSET_TYPES, type FollowRequest, type FollowState } from './follows.types';
import type { AuditPage, AuditRecordedEvent, ListAuditRequest } from './audit.types';
import type { ListNotificationsRequest, NotificationPage } from './notifications.types';
import type {
  CreateWebhookRequest,
  ListWebhookAttemptsRequest,
  ListWebhookDeliveriesRequest,
  ListWebhooksRequest,
  RotateWebhookSecretRequest,
  UpdateWebhookRequest,
  WebhookDelivery,
  WebhookDeliveryAttempt,
  WebhookDeliveryPage,
  WebhookEndpoint,
  WebhookWithSecret,
} from './webhooks.types';
import type {
  AuthenticateRequest,
  AuthenticateResult,
  CreateTokenRequest,
  CreateTokenResult,
  FindUsersRequest,
  GetPublicProfileRequest,
  LoginRequest,
  LogoutRequest,
  PublicProfile,
  ResolveUserRequest,
  RevokeTokenRequest,
  RevokeTokenResult,
  SessionEndedEvent,
  SessionResult,
  SignupRequest,
  TokenRecord,
  TokenRevokedEvent,
  UpdateProfileRequest,
  UserUpdatedEvent,
  UserProfile,
  UserSummary,
} from './identity.types';

export const IdentityRpc = {
  ping: healthPing('identity'),
  signup: rpc<SignupRequest, SessionResult>('identity.auth.signup.v1'),
  login: rpc<LoginRequest, SessionResult>('identity.auth.login.v1'),
  logout: rpc<LogoutRequest, { ok: true }>('identity.auth.logout.v1'),
  authenticate: rpc<AuthenticateRequest, AuthenticateResult>('identity.auth.authenticate.v1'),
  listTokens: rpc<Record<string, never>, { tokens: TokenRecord[] }>('identity.token.list.v1'),
  createToken: rpc<CreateTokenRequest, CreateTokenResult>('identity.token.create.v1'),
  revokeToken: rpc<RevokeTokenRequest, RevokeTokenResult>('identity.token.revoke.v1'),
  getMe: rpc<Record<string, never>, { user: UserProfile }>('identity.me.get.v1'),
  updateMe: rpc<UpdateProfileRequest, { user: UserProfile }>('identity.me.update.v1'),
  getPublicProfile: rpc<GetPublicProfileRequest, { user: PublicProfile }>('identity.user.public-profile.v1'),
  findUsers: rpc<FindUsersRequest, { users: UserSummary[] }>('identity.user.find-many.v1'),
  resolveUser: rpc<ResolveUserRequest, { user: UserSummary | null }>('identity.user.resolve.v1'),
  listNotifications: rpc<ListNotificationsRequest, NotificationPage>('identity.notification.list.v1'),
  /** The catalog's outbox relay delivers `catalog.idea.delivered.v1` here; idempotent by event id. */
} as const;

/** Signed webhooks of the caller (an extension): endpoints, their secrets and their delivery logs. */
export const WebhooksRpc = {
  list: rpc<ListWebhooksRequest, { endpoints: WebhookEndpoint[] }>('identity.webhook.list.v1'),
  create: rpc<CreateWebhookRequest, WebhookWithSecret>('identity.webhook.create.v1'),
  get: rpc<{ id: string }, { endpoint: WebhookEndpoint }>('identity.webhook.get.v1'),
  update: rpc<UpdateWebhookRequest, { endpoint: WebhookEndpoint }>('identity.webhook.update.v1'),
  remove: rpc<{ id: string }, { ok: true }>('identity.webhook.delete.v1'),
  rotateSecret: rpc<RotateWebhookSecretRequest, WebhookWithSecret>('identity.webhook.rotate-secret.v1'),
  ping: rpc<{ id: string }, { delivery: WebhookDelivery }>('identity.webhook.ping.v1'),
  listDeliveries: rpc<ListWebhookDeliveriesRequest, WebhookDeliveryPage>('identity.webhook.deliveries.v1'),
  redeliver: rpc<{ id: string; delivery_id: string }, { delivery: WebhookDelivery }>(
    'identity.webhook.redeliver.v1',
  ),
  /** Each attempt of one delivery, newest first (the newest WEBHOOK_ATTEMPTS_KEPT). */
  listAttempts: rpc<ListWebhookAttemptsRequest, { attempts: WebhookDeliveryAttempt[] }>(
    'identity.webhook.attempts.v1',
  ),
} as const;

/**
 * Following a policy or ruleset (an extension): its new versions reach the follower's webhooks. Identity
 * asks the owning service whether the caller sees the item before a follow is kept.
 */
const followSchema: z.ZodType<FollowRequest, unknown> = z.object({
  asset_type: z.enum(FOLLOWABLE_ASSET_TYPES),
  id: z.string().uuid(),
});

export const FollowsRpc = {
  get: rpc<FollowRequest, FollowState>('identity.follow.get.v1', followSchema),
  follow: rpc<FollowRequest, FollowState>('identity.follow.put.v1', followSchema),
  unfollow: rpc<FollowRequest, FollowState>('identity.follow.delete.v1', followSchema),
} as const;

export const IdentityEvents = {
  tokenRevoked: event<TokenRevokedEvent>('identity.token.revoked.v1', { broadcast: true }),
  sessionEnded: event<SessionEndedEvent>('identity.session.ended.v1', { broadcast: true }),
  /** Caches of user summaries (the catalog's owners and authors) drop the user's entry. */
  userUpdated: event<UserUpdatedEvent>('identity.user.updated.v1', { broadcast: true }),
} as const;

/** The audit log (an extension): identity keeps it, the gateway feeds it. */
export const AuditRpc = {
  list: rpc<ListAuditRequest, AuditPage>('identity.audit.list.v1'),
} as const;

export const AuditEvents = {
  /** Durable: the gateway publishes one per completed security-relevant action (event id = entry id). */
  recorded: event<AuditRecordedEvent>('gateway.audit.recorded.v1'),
} as const;
