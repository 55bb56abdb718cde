/**
 * Stable, machine-readable error codes. Services throw them; the gateway owns the one table from
 * code to HTTP status (typed so that a new code without a status does not compile).
 */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'UNPROCESSABLE',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'NOT_IMPLEMENTED',
  'UPSTREAM_UNAVAILABLE',
  'SERVICE_UNAVAILABLE',
  'TIMEOUT',
  'INTERNAL',
  /** A bus message that does not match its contract (envelope or data): sent by a broken or foreign app. */
  'BUS.MESSAGE_INVALID',
  'IDENTITY.EMAIL_TAKEN',
  'IDENTITY.USERNAME_TAKEN',
  'IDENTITY.INVALID_CREDENTIALS',
  'IDENTITY.TOKEN_INVALID',
  'IDENTITY.TOKEN_NOT_ALLOWED',
  /** The user holds as many active access tokens as allowed: revoke one first. */
  'IDENTITY.TOKEN_LIMIT',
  // The catalog, by feature (thrown through `catalogError`, apps/catalog/src/common/catalog.errors.ts).
  /** Submissions: the repository (or ref) is not a valid policy repository; the report in `validation`. */
  'CATALOG.SUBMISSION_REPOSITORY_INVALID',
  /** Review: the submission was approved or rejected already. */
  'CATALOG.SUBMISSION_DECIDED',
  /** Documentation tabs: a key listed twice, or the tabs too large together. */
  'CATALOG.DOC_TABS_INVALID',
  /** Policies: the action needs a published policy (before publication the submission is edited). */
  'CATALOG.POLICY_NOT_PUBLISHED',
  /** Policies: an implementation repository (or commit) for a unified policy. */
  'CATALOG.POLICY_NOT_SPLIT',
  /** Policy edits: a repository changes through its submission before publication. */
  'CATALOG.POLICY_REPOSITORY_VIA_SUBMISSION',
  /** Policy edits: the policy was reviewed while the edit was made. */
  'CATALOG.POLICY_REVIEWED_MEANWHILE',
  /** Pins: the repository is not a valid policy repository at the commit to pin. */
  'CATALOG.PIN_REPOSITORY_INVALID',
  /** Revisions: a value out of its limits. */
  'CATALOG.REVISION_VALUE_INVALID',
  /** Revisions: the proposed (or, on approval, the current) repository is not a valid policy repository. */
  'CATALOG.REVISION_REPOSITORY_INVALID',
  'CATALOG.REVISION_PENDING',
  /** Revisions: the revision was approved or rejected already. */
  'CATALOG.REVISION_DECIDED',
  /** Comments: a body empty or too long. */
  'CATALOG.COMMENT_BODY_INVALID',
  /** Comments: the parent is a reply, was deleted, or belongs to another policy. */
  'CATALOG.COMMENT_PARENT_INVALID',
  'CATALOG.COMMENT_DELETED',
  /** Ideas: a declared idea listed twice, or not approved and visible. */
  'CATALOG.IDEA_DECLARATION_INVALID',
  /** Ideas: the idea was approved or rejected already. */
  'CATALOG.IDEA_DECIDED',
  /** Ideas: a vote on an idea that is not open for votes. */
  'CATALOG.IDEA_NOT_VOTABLE',
  /** Transfers: no recipient named, or the caller themselves. */
  'CATALOG.TRANSFER_RECIPIENT_INVALID',
  'CATALOG.TRANSFER_PENDING',
  'CATALOG.TRANSFER_DECIDED',
  'CATALOG.TRANSFER_EXPIRED',
  /** Source information: the repository was deleted or made private on the source host. */
  'CATALOG.REPOSITORY_GONE',
  'WORKSPACES.ARCHIVED',
  /** A personal workspace has no members and cannot be archived. */
  'WORKSPACES.PERSONAL',
  'WORKSPACES.SLUG_TAKEN',
  'WORKSPACES.OWNED_LIMIT',
  'WORKSPACES.MEMBERSHIP_LIMIT',
  'WORKSPACES.MEMBER_EXISTS',
  /** The member exists, disabled: re-enable instead of adding. */
  'WORKSPACES.MEMBER_DISABLED',
  'WORKSPACES.MEMBER_LIMIT',
  /** Nobody demotes or removes the workspace owner. */
  'WORKSPACES.OWNER_PROTECTED',
  /** The owner cannot leave their workspace (ownership is not transferred): they archive it instead. */
  'WORKSPACES.OWNER_CANNOT_LEAVE',
  'WORKSPACES.SHARE_EXISTS',
  'WORKSPACES.SHARE_DISABLED',
  'WORKSPACES.SHARE_LIMIT',
  /** The connection is shared into as many workspaces as allowed. */
  'WORKSPACES.CONNECTION_SHARE_LIMIT',
  /** The share is paused because its owner is a disabled member. */
  'WORKSPACES.SHARE_OWNER_DISABLED',
  /** The owner holds as many connections as allowed: delete one first. */
  'CONNECTIONS.LIMIT',
  /** The stored client secret is missing or cannot be opened with the configured keys: enter it again. */
  'CONNECTIONS.SECRET_UNAVAILABLE',
  /** The repository is not a valid ruleset repository (at the ref submitted, or the commit to pin). */
  'RULESETS.VALIDATION_FAILED',
  /**
   * Evaluation cannot run the ruleset: its profile names vocabularies the AMF model of API specifications
   * does not have (MCP servers, agents), or a vendor ruleset ships no profile.
   */
  'RULESETS.NOT_EVALUABLE',
  /** The specification to evaluate does not parse, or is not an API (the parser's findings in `findings`). */
  'RULESETS.SPECIFICATION_INVALID',
  /** While a ruleset is under review only an administrator edits its content. */
  'RULESETS.UNDER_REVIEW',
  /** A rejected submission is final: submit the ruleset again. */
  'RULESETS.SUBMISSION_REJECTED',
  /** A decision on a submission that is not waiting for review (decided already, or being edited). */
  'RULESETS.NOT_WAITING',
  /** The declared ideas change only while a submission is submitted or needs improvement. */
  'RULESETS.IDEAS_LOCKED',
  /** Only a published ruleset is pinned (approval pins a submission). */
  'RULESETS.NOT_PUBLISHED',
  /** The ruleset's repository no longer exists or turned private (as `CATALOG.REPOSITORY_GONE`). */
  'RULESETS.REPOSITORY_GONE',
  /** A transfer is carried out, but the ruleset changed hands since it was offered. */
  'RULESETS.OWNER_CHANGED',
  /**
   * A transfer is carried out, but the catalog already ended it (cancelled, rejected or expired; which
   * one in `extra.outcome`): the reply to an accept the catalog stopped waiting for.
   */
  'RULESETS.TRANSFER_ENDED',
  /** A set of documentation tabs without an overview, or the overview deleted. */
  'RULESETS.OVERVIEW_REQUIRED',
  /** A documentation tab key listed twice in one set. */
  'RULESETS.TAB_KEY_REPEATED',
  /** Documentation past its stored limits: too many tabs, or all bodies together too large. */
  'RULESETS.DOCS_LIMIT',
  // API governance (apps/rulesets/src/governed-apis and its siblings).
  /** Another API (or governance profile) of the workspace has the name. */
  'RULESETS.GOVERNANCE_NAME_TAKEN',
  /** The workspace holds as many APIs, profiles or documents as allowed, or the API as many waivers. */
  'RULESETS.GOVERNANCE_LIMIT',
  /** The API has neither a source on the source host nor a pushed document to evaluate. */
  'RULESETS.NO_SPECIFICATION',
  /** No governance profile of the workspace applies to the API: nothing to evaluate it against. */
  'RULESETS.NOT_GOVERNED',
  /** A profile pins a ruleset version that is no longer the ruleset's reviewed one. */
  'RULESETS.VERSION_UNAVAILABLE',
  // Deployments and roll-outs, by feature (thrown through `deploymentsError`, apps/deployments/src/common).
  /** Create: a build of the reviewed commit for an item no administrator has pinned to one yet. */
  'DEPLOYMENTS.NOT_PINNED',
  /** Create: a release names a ref other than the reviewed commit (a release always builds that). */
  'DEPLOYMENTS.RELEASE_REF_NOT_REVIEWED',
  /** Create: the connection is neither the caller's nor actively shared into the workspace. */
  'DEPLOYMENTS.CONNECTION_NOT_USABLE',
  /** Create: the Idempotency-Key was used with another request body. */
  'DEPLOYMENTS.IDEMPOTENCY_KEY_REUSED',
  /** Create: the first request with this Idempotency-Key is still being processed. */
  'DEPLOYMENTS.IDEMPOTENCY_KEY_IN_FLIGHT',
  /** Deployments: only a failed deployment can be deleted. */
  'DEPLOYMENTS.NOT_DELETABLE',
  /** Roll-outs: organizations of the steps the connection cannot deploy to. */
  'DEPLOYMENTS.ROLLOUT_ORGANIZATIONS_UNREACHABLE',
  /** Roll-outs: another active roll-out of the item holds one of the organizations (it is named). */
  'DEPLOYMENTS.ROLLOUT_HELD',
  /** Roll-outs: the action does not apply to the roll-out's status (ended, or not paused to resume...). */
  'DEPLOYMENTS.ROLLOUT_ACTION_NOT_ALLOWED',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface FieldError {
  field: string;
  message: string;
}

/** What crosses the bus when a handler fails. */
export interface RpcErrorPayload {
  code: ErrorCode;
  message: string;
  details?: FieldError[];
  /** Seconds, for RATE_LIMITED (and an upstream that asked to wait). */
  retryAfter?: number;
  /**
   * More machine-readable context, merged into the HTTP error body beside `details` (never over its
   * standard fields), e.g. `{validation}` when a submitted repository failed validation.
   */
  extra?: Record<string, unknown>;
}

export function isRpcErrorPayload(value: unknown): value is RpcErrorPayload {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'string' &&
    (ERROR_CODES as readonly string[]).includes((value as { code: string }).code) &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}
