import { DEFAULT_SANDBOX_URL, SANDBOX_PATHS, attemptTimeoutMs, loadOutboundConfig } from '@pc/outbound';
import { EnvInt, type EnvSource, EnvUrl, loadEnv } from '@pc/platform';

export class GatewayPlatformEnv {
  /** Base URL of connections with host `us`. Defaults to a sandbox on its default port. */
  @EnvUrl()
  PLATFORM_US_URL: string = `${DEFAULT_SANDBOX_URL}${SANDBOX_PATHS.platform}`;

  /** Base URL of connections with host `eu`. Defaults to a sandbox on its default port. */
  @EnvUrl()
  PLATFORM_EU_URL: string = `${DEFAULT_SANDBOX_URL}${SANDBOX_PATHS.platform}`;

  /**
   * Per call to the platform (a GET that times out or fails with 5xx is tried twice more). A credential
   * check (validation, creation, a change of credentials, the organizations of credentials, sync's check)
   * has one deadline for all its calls (20 s, `credentialCheckMs` of the connection limits), each within
   * this and the time left, none tried again; the gateway waits 10 s longer for its answer.
   */
  @EnvInt(100, 300_000)
  PLATFORM_TIMEOUT_MS: number = 10_000;
}

export interface GatewayPlatformConfig {
  usUrl: string;
  euUrl: string;
  timeoutMs?: number;
  /** Extra attempts of GET calls after network failures and 5xx. */
  retries?: number;
  /**
   * `host` / `host:port` custom domains that may resolve to refused addresses and be reached over plain
   * http (`OUTBOUND_ALLOWLIST`); any other custom domain is https only.
   */
  allowlist?: string[];
  /** Seconds before expiry at which a cached token is fetched again. Default 30. */
  tokenExpirySkewSeconds?: number;
}

/** The variables the adapter reads: its own and the outbound ones. */
export const GATEWAY_PLATFORM_SETTINGS = [
  'PLATFORM_US_URL',
  'PLATFORM_EU_URL',
  'PLATFORM_TIMEOUT_MS',
  'OUTBOUND_ALLOWLIST',
  'OUTBOUND_TIMEOUT_MS',
] as const;

/** The adapter's variables as a service's environment holds them (unchecked: the adapter checks them). */
export type GatewayPlatformSettings = Partial<Record<(typeof GATEWAY_PLATFORM_SETTINGS)[number], string>>;

export function loadGatewayPlatformConfig(source: EnvSource): GatewayPlatformConfig {
  const env = loadEnv(GatewayPlatformEnv, source);
  return {
    usUrl: env.PLATFORM_US_URL,
    euUrl: env.PLATFORM_EU_URL,
    timeoutMs: attemptTimeoutMs(env.PLATFORM_TIMEOUT_MS, source),
    allowlist: loadOutboundConfig(source).allowlist,
  };
}
