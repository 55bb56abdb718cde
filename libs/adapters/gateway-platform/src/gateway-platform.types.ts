export const PLATFORM_HOSTS = ['us', 'eu', 'custom'] as const;
export type PlatformHost = (typeof PLATFORM_HOSTS)[number];

/** A stored connection to the platform: where, and with which client credentials. */
export interface PlatformConnection {
  host: PlatformHost;
  /** For `custom`: `platform.example.org`, `platform.example.org:8443` or a full `https://...` URL. */
  customDomain?: string | null;
  clientId: string;
  clientSecret: string;
}

/**
 * A connection reached with a token another party obtained (the connections service exchanges the
 * credentials; the deployment workers never hold the client secret). `accessToken` is asked again with
 * `forceRefresh` when the platform answers 401.
 */
export interface DelegatedPlatformConnection {
  host: PlatformHost;
  customDomain?: string | null;
  accessToken: AccessTokenProvider;
}

/** Either kind of connection: stored client credentials, or a delegated token. */
export type PlatformAccess = PlatformConnection | DelegatedPlatformConnection;

export interface PlatformOrganization {
  id: string;
  name: string;
  parentId: string | null;
  /** The root organization of the credential's tenant. */
  isPrimary: boolean;
  /** Names from the root, e.g. `Root / Team A / Sub`. */
  fullPath: string;
}

/** Organizations of a tenant's tree, as many as are read; `truncated` when the tree has more of them. */
export interface PlatformOrganizationList {
  organizations: PlatformOrganization[];
  truncated: boolean;
}

export type AppliedKind = 'policy' | 'ruleset';

export interface ApplyRequest {
  kind: AppliedKind;
  /** Registry coordinates of the asset to apply. */
  groupId: string;
  assetId: string;
  version: string;
  configuration?: Record<string, unknown>;
}

export interface AppliedAsset {
  organizationId: string;
  kind: AppliedKind;
  groupId: string;
  assetId: string;
  version: string;
  configuration: Record<string, unknown>;
  appliedAt: string;
}

/** The platform's health of an applied item: `progressing` until it settles. */
export type AppliedHealth = 'healthy' | 'progressing' | 'degraded' | 'failing';

export interface AppliedStatus {
  organizationId: string;
  assetId: string;
  version: string;
  health: AppliedHealth;
  /** What the platform says about it (e.g. why it is degraded). */
  message: string | null;
}

/** Returns a bearer token; asked again with `forceRefresh` when a call answers 401. */
export type AccessTokenProvider = (options?: { forceRefresh?: boolean }) => Promise<string>;

/** The gateway platform, as services see it. Every failure is a `PlatformError`. */
export interface GatewayPlatform {
  /**
   * The same platform, every call of which ends by one deadline `timeoutMs` from now (each within the
   * per-call timeout and the time left) and none of which is tried again: for an answer that must come
   * before its caller stops waiting. Past the deadline a call fails with `timeout`.
   */
  within(timeoutMs: number): GatewayPlatform;
  /** The base URL a connection talks to; throws `invalid_url` for a bad custom domain. */
  baseUrl(connection: PlatformAccess): string;
  /** A cached client-credentials token, fetched again when it expires or when `forceRefresh`. */
  getAccessToken(connection: PlatformAccess, options?: { forceRefresh?: boolean }): Promise<string>;
  /** The same, as a function other adapters (the registry) can call. */
  tokenProvider(connection: PlatformAccess): AccessTokenProvider;
  /**
   * The organizations of the credential's tenant, root first, depth first, at most
   * `CONNECTION_LIMITS.orgsMax` (a larger tree is cut there, `truncated`). A tree the walk finds deeper
   * than `orgDepthMax`, or a full path longer than `orgPathMax`, is a `PlatformLimitError` (`upstream_error`).
   */
  listOrganizations(connection: PlatformAccess): Promise<PlatformOrganizationList>;
  /** The organizations this credential may apply policies and rulesets to: the same walk, the same bounds. */
  listDeployableOrganizations(connection: PlatformAccess): Promise<PlatformOrganizationList>;
  /** The organization of the tenant with this id, wherever it is in the tree; `null` when it has none. */
  findOrganization(connection: PlatformAccess, organizationId: string): Promise<PlatformOrganization | null>;
  /**
   * Those of `organizationIds` the credential may deploy to, wherever they are in the tree (not only in the
   * first `orgsMax` the lists hold): the same walk and bounds, stopping once every one asked is found.
   */
  findDeployableOrganizations(
    connection: PlatformAccess,
    organizationIds: readonly string[],
  ): Promise<PlatformOrganization[]>;
  /** Applies (or replaces) the asset in the organization. */
  apply(connection: PlatformAccess, organizationId: string, request: ApplyRequest): Promise<AppliedAsset>;
  listApplied(connection: PlatformAccess, organizationId: string): Promise<AppliedAsset[]>;
  /** `null` when the asset is not applied there. */
  getApplied(
    connection: PlatformAccess,
    organizationId: string,
    assetId: string,
  ): Promise<AppliedAsset | null>;
  /** The health of the applied item; `null` when it is not applied there. */
  getStatus(
    connection: PlatformAccess,
    organizationId: string,
    assetId: string,
  ): Promise<AppliedStatus | null>;
  /** False when it was not applied. */
  remove(connection: PlatformAccess, organizationId: string, assetId: string): Promise<boolean>;
}
