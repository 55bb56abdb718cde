/**
 * The audit log (an extension): one append-only entry per security-relevant action the gateway completed
 * (or, for a failed sign-in, refused), with who, from where, which request, what and a redacted summary.
 */
export const AUDIT_ACTIONS = [
  'auth.signed_up',
  'auth.signed_in',
  'auth.sign_in_failed',
  'auth.signed_out',
  'token.created',
  'token.revoked',
  'profile.updated',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'webhook.secret_rotated',
  'webhook.pinged',
  'webhook.redelivered',
  'connection.created',
  'connection.updated',
  'connection.credentials_rotated',
  'connection.deleted',
  'connection.synced',
  'connection.refreshed',
  'workspace.created',
  'workspace.renamed',
  'workspace.deployment_settings_changed',
  'workspace.member_added',
  'workspace.member_updated',
  'workspace.member_disabled',
  'workspace.member_left',
  'workspace.connection_shared',
  'workspace.share_enabled',
  'workspace.connection_unshared',
  'workspace.archived',
  'workspace.unarchived',
  'submission.approved',
  'submission.rejected',
  'submission.updated',
  'policy.updated',
  'revision.approved',
  'revision.rejected',
  'ruleset_submission.approved',
  'ruleset_submission.needs_improvement',
  'ruleset_submission.rejected',
  'ruleset_submission.updated',
  'ruleset_submission.withdrawn',
  'ruleset.updated',
  'transfer.offered',
  'transfer.accepted',
  'transfer.rejected',
  'transfer.cancelled',
  'deployment.created',
  'deployment.cancelled',
  'deployment.deleted',
  'deployment.failed_deleted',
  'deployment.unpublished',
  'deployment.release_deleted',
  'deployment.synced',
  'deployment.refreshed',
  'rollout.created',
  'rollout.paused',
  'rollout.resumed',
  'rollout.aborted',
  'rollout.rolled_back',
  'admin.idea_approved',
  'admin.idea_rejected',
  'admin.policy_pinned',
  'admin.ruleset_pinned',
  'admin.reviewer_designated',
  'admin.reviewer_removed',
  'admin.vendor_index_reloaded',
  'governed_api.registered',
  'governed_api.updated',
  'governed_api.deleted',
  'governed_api.document_pushed',
  'governed_api.evaluated',
  'governance_profile.created',
  'governance_profile.updated',
  'governance_profile.deleted',
  'workspace.governance_threshold_changed',
  'waiver.created',
  'waiver.deleted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The areas actions belong to (the part of an action before its dot), for a filter by area. */
export const AUDIT_ACTION_GROUPS = [
  ...new Set(AUDIT_ACTIONS.map((action) => action.slice(0, action.indexOf('.')))),
] as AuditActionGroup[];
export type AuditActionGroup = AuditAction extends `${infer G}.${string}` ? G : never;

/** The bound of a filter's text (an actor's name or email, a target's id or name). */
export const AUDIT_FILTER_TEXT_MAX = 200;

export interface AuditEntry {
  id: string;
  at: string;
  /** The acting user (for a sign-in, the user signed in; null for a failed sign-in of an unknown email). */
  actor_user_id: string | null;
  /** The acting user's name as it is now (null: no actor, or the account is gone). */
  actor_name: string | null;
  /** How the actor authenticated. */
  actor_via: 'session' | 'token' | 'anonymous';
  /** The personal access token used, when `actor_via` is `token`. */
  actor_token_id: string | null;
  /** The client address as the gateway saw it (TRUST_PROXY honoured). */
  address: string;
  user_agent: string;
  request_id: string;
  action: AuditAction;
  target_type: string;
  target_id: string | null;
  /**
   * What the action was done to, by name: as the route's answer named it when it was recorded (a
   * user's: their name now); null when nothing names it (an older entry, a deletion).
   */
  target_name: string | null;
  /** The workspace the action happened in (its owner sees the entry), or null. */
  workspace_id: string | null;
  /** What changed, with no secret, token or password in it. */
  summary: Record<string, unknown>;
}

/**
 * What the gateway publishes (durable event `gateway.audit.recorded.v1`); the event id is the entry's id.
 * `workspace_id` is absent in records written before it existed.
 */
export type AuditRecordedEvent = Omit<AuditEntry, 'id' | 'workspace_id' | 'actor_name' | 'target_name'> & {
  workspace_id?: string | null;
  /** Absent in records written before names were kept. */
  target_name?: string | null;
};

export interface ListAuditRequest {
  /**
   * `all`: administrators only; `mine`: the caller's own entries; `workspace`: the entries of
   * `workspace_id` (its owner, and administrators).
   */
  scope: 'all' | 'mine' | 'workspace';
  workspace_id?: string;
  actor_user_id?: string;
  /** The actor by email or username (exactly, either case) or by the start of their name. */
  actor_name?: string;
  action?: AuditAction;
  /** Every action of one area (`webhook`: `webhook.created`, `webhook.deleted`, ...). */
  action_group?: AuditActionGroup;
  /** The target by id (exactly) or by the start of its name. */
  target?: string;
  target_type?: string;
  /** ISO date-times, inclusive lower and exclusive upper bound of `at`. */
  since?: string;
  until?: string;
  limit?: number;
  cursor?: string;
}

export interface AuditPage {
  entries: AuditEntry[];
  hasMore: boolean;
  nextCursor: string | null;
}
