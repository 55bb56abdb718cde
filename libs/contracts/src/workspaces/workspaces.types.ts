import type { ConnectionHost } from '../connections/connections.limits';
import type { ConnectionShare } from '../connections/connections.types';
import type { AssignableRole, WorkspaceRole } from './workspaces.limits';

export interface Workspace {
  id: string;
  name: string;
  slug: string;
  is_personal: boolean;
  owner_id: string;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface WorkspaceMembership {
  workspace: Workspace;
  role: WorkspaceRole;
}

export interface WorkspaceMember {
  user_id: string;
  name: string | null;
  username: string | null;
  /** Shown to the workspace's owner and admins only. */
  email?: string | null;
  role: WorkspaceRole;
  disabled_at: string | null;
  /** Why they are disabled (null while active, and for a member disabled before the reason was kept). */
  disabled_reason: MemberDisabledReason | null;
  added_at: string;
}

/**
 * Why a share is disabled: `unshared`, withdrawn by the connection's owner (only they re-enable it);
 * `paused` by another manager of the workspace (any manager re-enables it); `owner_disabled`, the
 * connection's owner is a disabled member (it comes back with them).
 */
export const SHARE_DISABLED_REASONS = ['unshared', 'paused', 'owner_disabled'] as const;
export type ShareDisabledReason = (typeof SHARE_DISABLED_REASONS)[number];

export interface WorkspaceConnection {
  id: string;
  name: string;
  host: ConnectionHost;
  owner_id: string;
  /** Whether the caller owns it (only its owner may read or change its settings). */
  is_owner: boolean;
  shared_by: string;
  shared_at: string;
  disabled_at: string | null;
  disabled_reason: string | null;
}

export interface ConnectionStats {
  deployments: number;
  target_orgs: number;
  live_policies: number;
  ruleset_deployments: number;
  ruleset_target_orgs: number;
  live_rulesets: number;
}

/** A policy or ruleset deployed in a workspace, as the workspace's list of installed items shows it. */
export interface InstalledItem {
  id: string;
  name: string;
  category: string | null;
  description: string | null;
  owner_name: string | null;
  company: string | null;
  submitted_by: string | null;
  icon_url: string | null;
  deploys_in_workspace: number;
  latest_deployment_at: string;
}

export interface InstalledPolicy extends InstalledItem {
  pdk_version: string | null;
}

export interface InstalledRuleset extends InstalledItem {
  target_scopes: string[];
}

export interface WorkspaceDetail extends Workspace {
  /** Null for a platform administrator who is not a member. */
  role: WorkspaceRole | null;
  is_admin: boolean;
  caller_id: string;
  connections: WorkspaceConnection[];
  connectionStats: Record<string, ConnectionStats>;
  installedPolicies: InstalledPolicy[];
  installedRulesets: InstalledRuleset[];
  members: WorkspaceMember[];
}

export interface WorkspaceIdRequest {
  id: string;
}

export interface CreateWorkspaceRequest {
  name: string;
  slug?: string;
}

export interface RenameWorkspaceRequest {
  id: string;
  name: string;
}

export interface AddMemberRequest {
  id: string;
  role: AssignableRole;
  username?: string;
  email?: string;
}

export interface UpdateMemberRequest {
  id: string;
  userId: string;
  role?: AssignableRole;
  disabled?: false;
}

/**
 * Why a member is disabled: `left`, they removed themselves; `removed`, a manager disabled them;
 * `membership_limit`, unarchiving the workspace did, as they already belonged to as many workspaces as a
 * user may (WORKSPACE_LIMITS.membershipsMax).
 */
export const MEMBER_DISABLED_REASONS = ['left', 'removed', 'membership_limit'] as const;
export type MemberDisabledReason = (typeof MEMBER_DISABLED_REASONS)[number];

export interface UpdateMemberResult {
  ok: true;
  /**
   * Only when the change re-enabled the member: why they had been disabled (null for a member disabled
   * before the reason was kept).
   */
  previous?: MemberDisabledReason | null;
}

export interface MemberRequest {
  id: string;
  userId: string;
}

export interface MemberImpact {
  role: WorkspaceRole;
  disabled_at: string | null;
  owned_shared_connections: number;
  deployments_authored: number;
}

export interface ShareRequest {
  id: string;
  connectionId: string;
}

export interface ShareImpact {
  is_disabled: boolean;
  disabled_reason: string | null;
  members_visible: number;
  deployments_authored: number;
}

export interface ArchiveResult {
  archived_at: string | null;
}

/**
 * Why unarchiving a workspace disabled a member: `membership_limit`, they already belonged to as many
 * workspaces as a user may (WORKSPACE_LIMITS.membershipsMax), and its membership counts again.
 */
export const UNARCHIVE_DISABLED_REASONS = ['membership_limit'] as const;
export type UnarchiveDisabledReason = (typeof UNARCHIVE_DISABLED_REASONS)[number];

/** A member that unarchiving a workspace disabled, as a manager would have (their shares paused). */
export interface DisabledMember {
  user_id: string;
  /** As identity knows them (null when it could not say). */
  username: string | null;
  name: string | null;
  reason: UnarchiveDisabledReason;
}

export interface UnarchiveResult extends ArchiveResult {
  /**
   * Who the workspace lost on coming back, and why (empty when everyone had room), in the order they were
   * added to it (as the members list has them).
   */
  disabled_members: DisabledMember[];
}

/** For the connections service: may the caller use this connection through a workspace? */
export interface ConnectionAccessRequest {
  connectionId: string;
}

export interface ConnectionAccessResult {
  /** Active, unarchived-or-not workspaces where the caller is an active member and the share is active. */
  workspaceIds: string[];
}

export interface ConnectionSharesRequest {
  connectionId: string;
}

export interface ConnectionSharesResult {
  shares: ConnectionShare[];
}
