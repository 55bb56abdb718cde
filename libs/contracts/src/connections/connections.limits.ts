import { URL_MAX_LENGTH } from '../common/limits';
/** Limits of connections, used by the gateway's DTOs (validator and document) and by the service. */
export const CONNECTION_LIMITS = {
  nameMin: 2,
  nameMax: 80,
  /** clientId, clientSecret, organizationId. */
  credentialMin: 4,
  clientIdMax: 255,
  clientSecretMax: 1024,
  organizationIdMax: 255,
  customDomainMax: URL_MAX_LENGTH,
  /** Connections one user may own (then 409). */
  perOwner: 100,
  /** Organizations listed for one connection (a larger tree is cut there: root first, depth first). */
  orgsMax: 1000,
  /**
   * Levels of the platform's organization tree read, the root the first (a deeper tree is refused as an
   * answer of the platform: 502), and the characters of an organization's `fullPath` (the same).
   */
  orgDepthMax: 32,
  orgPathMax: 1024,
  /** Workspaces one connection may be shared into (then 409). */
  sharesMax: 200,
  /**
   * The whole check of credentials against the platform (a token, the profile, the organization tree):
   * its calls end by this deadline, each within PLATFORM_TIMEOUT_MS and the time left, none tried again;
   * past it the check answers `timeout`. Validation, creation, a change of credentials, the organizations
   * of new or stored credentials, the eligible ones (a list, a deployment's targets) and sync's check each
   * make one.
   */
  credentialCheckMs: 20_000,
  /**
   * How long the gateway waits for a route that makes one credential check: its deadline and 10 s more;
   * and the deployments service for the eligible organizations of a deployment's targets.
   */
  credentialCheckWaitMs: 30_000,
  /**
   * How long the gateway and the tool server wait for a deployment request, plan or roll-out, which waits
   * `credentialCheckWaitMs` for the eligible organizations: that and 10 s more.
   */
  deploymentCheckWaitMs: 40_000,
  /** How long the connections service waits for the deployments service's sweep of a connection's deployments. */
  deploymentsSweepMs: 60_000,
  /** How long the gateway waits for a refresh (the sweep's drift checks): the sweep's wait and 10 s more. */
  refreshWaitMs: 70_000,
  /** How long the gateway waits for a sync: a credential check, then the sweep, and 10 s more. */
  syncWaitMs: 90_000,
} as const;

export const CONNECTION_HOSTS = ['us', 'eu', 'custom'] as const;
export type ConnectionHost = (typeof CONNECTION_HOSTS)[number];
