import type { ConnectionHost } from './connections.limits';

/** A connection as its owner sees it. The client secret is never part of it. */
export interface Connection {
  id: string;
  name: string;
  host: ConnectionHost;
  custom_domain: string | null;
  client_id: string;
  organization_id: string;
  owner_id: string;
  /** When the credentials were last checked against the platform, and what went wrong then. */
  validated_at: string | null;
  validation_error: string | null;
  created_at: string;
  updated_at: string;
}

/** What a workspace member may see of a connection shared with them: no settings. */
export interface ConnectionSummary {
  id: string;
  name: string;
  host: ConnectionHost;
}

export const VALIDATION_CODES = [
  'invalid_credentials',
  'unknown_organization',
  'forbidden',
  'unreachable',
  'timeout',
  'rate_limited',
  'not_allowed_host',
  'invalid_url',
  'upstream_error',
] as const;
export type ValidationCode = (typeof VALIDATION_CODES)[number];

/** The result of checking credentials against the platform, in words a user can act on. */
export interface ConnectionValidation {
  ok: boolean;
  /** Null when ok. */
  error: string | null;
  code: ValidationCode | null;
  checked_at: string;
  /** Why a connection sync returned no reconciliation summary (sync only). */
  reason?: string;
}

export interface Organization {
  id: string;
  name: string;
  /** True for the connection's own `organizationId`. */
  isPrimary: boolean;
  /** Names from the root: `Root / Team A / Sub`. */
  fullPath: string;
}

/**
 * Organizations of a connection's tree, root first, depth first: at most `CONNECTION_LIMITS.orgsMax`, and
 * no more than one reply's byte budget holds; `truncated` when the tree has more than are listed.
 */
export interface OrganizationList {
  orgs: Organization[];
  truncated: boolean;
}

/** Where the platform is and the client credentials for it, without an organization. */
export interface PlatformCredentials {
  host: ConnectionHost;
  customDomain?: string | null;
  clientId: string;
  clientSecret: string;
}

export interface ConnectionCredentials extends PlatformCredentials {
  organizationId: string;
}

export interface CreateConnectionRequest extends ConnectionCredentials {
  name: string;
}

export interface UpdateConnectionRequest {
  id: string;
  name?: string;
  host?: ConnectionHost;
  customDomain?: string | null;
  clientId?: string;
  clientSecret?: string;
  organizationId?: string;
}

export interface ConnectionIdRequest {
  id: string;
}

/** One of `policyId` and `rulesetId`: the item the caller means to deploy (it must be visible to them). */
export interface EligibleOrgsRequest {
  policyId?: string;
  rulesetId?: string;
  connectionId: string;
}

/**
 * Which of `organizationIds` the connection may deploy the item to (`EligibleOrgsRequest`'s checks), found
 * wherever they are in the tree: the eligible list stops at `orgsMax` and at one reply's byte budget.
 */
export interface EligibleOrgsCheckRequest extends EligibleOrgsRequest {
  /** At most `DEPLOYMENT_LIMITS.targetsMax`: the targets of one deployment request or roll-out. */
  organizationIds: string[];
}

/** The eligible ones among the organizations asked about, in tree order; any other is not eligible. */
export interface EligibleOrgsCheckResult {
  orgs: Organization[];
}

export interface ConnectionResult {
  connection: Connection;
}

export interface ConnectionDetailResult {
  /** The full record for its owner; only `{id, name, host}` for a workspace member. */
  connection: Connection | ConnectionSummary;
  is_owner: boolean;
}

export interface CreateConnectionResult {
  connection: Connection;
  validation: ConnectionValidation;
}

export interface ValidateConnectionResult {
  ok: boolean;
  error: string | null;
  code: ValidationCode | null;
}

/** The deployment counts come from the deployments service; zero while none can exist. */
export interface ConnectionImpact {
  active_deployments: number;
  historical_deployments: number;
  workspace_links: number;
  has_credential: boolean;
}

export interface ReconciliationSummary {
  in_sync: number;
  unknown: number;
  gone: Array<{
    deployment_id: string;
    policy_name: string;
    version: string;
    status: string;
    mode: string;
  }>;
}

export interface SyncConnectionResult {
  connection: Connection;
  validation: ConnectionValidation;
  reconciliation: ReconciliationSummary | null;
}

/** A workspace a connection is shared into, as its owner sees it. */
export interface ConnectionShare {
  workspace_id: string;
  workspace_name: string;
  workspace_slug: string;
  shared_at: string;
  disabled_at: string | null;
  disabled_reason: string | null;
}

/** For the workspaces service: connections by id (names only, never settings). */
export interface ConnectionSummariesRequest {
  ids: string[];
}

export interface ConnectionSummariesResult {
  connections: Array<ConnectionSummary & { owner_id: string }>;
}

export interface ConnectionOwnershipResult {
  /** True when the connection exists and the caller owns it. */
  owned: boolean;
}

/**
 * For the deployment workers and the deployments service: a platform access token instead of the
 * credentials (`connections.platform.access-token.v2`; `ConnectionSchemas.platformAccess`, so a request
 * without `workspaceId` is refused, never granted by a looser rule).
 */
export interface PlatformAccessRequest {
  id: string;
  /**
   * The workspace of the deployment the work is for: the connection must still be usable there, as when
   * the deployment was made (the author's own, or actively shared into it with the author an active
   * member), else 403. Null for work of no workspace, which only the connection's owner may do (the
   * sweep of a connection's deployments on sync).
   */
  workspaceId: string | null;
  /** Ask the platform for a new token (the previous one was refused). */
  forceRefresh?: boolean;
}

/**
 * The request of the previous release's callers (`connections.platform.access-token.v1`), answered for
 * one release so that their replicas keep working while a rolling release replaces them, then removed
 * (deploy/README.md, "Contract changes under way"). Without `workspaceId` it is granted as that release
 * granted it: to the owner, or to an active member of any workspace the connection is shared into. With
 * it, by `PlatformAccessRequest`'s rule.
 * @deprecated Send `PlatformAccessRequest` on `ConnectionsRpc.platformAccess`.
 */
export interface PlatformAccessRequestV1 {
  id: string;
  workspaceId?: string | null;
  forceRefresh?: boolean;
}

export interface PlatformAccessGrant {
  host: ConnectionHost;
  custom_domain: string | null;
  /** The connection's organization (the root of what it reaches). */
  organization_id: string;
  access_token: string;
  expires_at: string;
}
