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
} as const;

export const CONNECTION_HOSTS = ['us', 'eu', 'custom'] as const;
export type ConnectionHost = (typeof CONNECTION_HOSTS)[number];
