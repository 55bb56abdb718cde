/** Limits of workspaces, used by the gateway's DTOs (validator and document) and by the service. */
export const WORKSPACE_LIMITS = {
  nameMin: 2,
  nameMax: 80,
  slugMin: 2,
  slugMax: 48,
  /** Lowercase letters, digits and inner hyphens. */
  slugPattern: '^[a-z0-9][a-z0-9-]*[a-z0-9]$',
  /** A username (3 to 30 characters, optionally after @) or an email. */
  usernameMax: 31,
  emailMax: 254,
  /** Members of one workspace, disabled ones included (then 409). */
  membersMax: 500,
  /** Connections shared into one workspace (then 409). */
  sharesMax: 100,
  /** Workspaces one user may create (then 409). */
  ownedMax: 50,
  /**
   * Workspaces one user belongs to, the personal one included (then 409 on joining another); memberships of
   * archived workspaces do not count.
   */
  membershipsMax: 500,
  /**
   * Workspaces listed for one user (`GET /api/workspaces`, `workspaces.workspace.list.v1`): every one that
   * counts toward `membershipsMax`, and as many archived ones besides (the oldest).
   */
  membershipsListedMax: 1000,
} as const;

export const WORKSPACE_ROLES = ['owner', 'admin', 'member'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** The roles a member can be given: nobody is made owner. */
export const ASSIGNABLE_ROLES = ['admin', 'member'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];
