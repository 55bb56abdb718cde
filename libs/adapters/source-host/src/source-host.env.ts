import { DEFAULT_SANDBOX_URL, SANDBOX_PATHS, attemptTimeoutMs, loadOutboundConfig } from '@pc/outbound';
import { EnvInt, type EnvSource, EnvString, EnvUrl, loadEnv } from '@pc/platform';

/** Source host variables. The defaults point at a sandbox on its default port. */
export class SourceHostEnv {
  /** Where repositories are browsed and cloned: `<web>/<owner>/<repo>[.git]`. */
  @EnvUrl()
  SOURCE_HOST_WEB_URL: string = `${DEFAULT_SANDBOX_URL}${SANDBOX_PATHS.sourceHostWeb}`;

  /** Base of the REST API (`/repos/{owner}/{repo}`...). */
  @EnvUrl()
  SOURCE_HOST_API_URL: string = `${DEFAULT_SANDBOX_URL}${SANDBOX_PATHS.sourceHostApi}`;

  /**
   * Optional token: more API quota, no private/gone ambiguity, and the private repositories it may read
   * (the catalog and the rulesets service read them only with SOURCE_HOST_ALLOW_PRIVATE).
   */
  @EnvString()
  SOURCE_HOST_TOKEN?: string;

  /** Timeout of each API attempt; git fetches get three times as long. */
  @EnvInt(100, 300_000)
  SOURCE_HOST_TIMEOUT_MS: number = 10_000;
}

export interface SourceHostConfig {
  webUrl: string;
  apiUrl: string;
  token?: string;
  timeoutMs?: number;
  gitTimeoutMs?: number;
  /** Extra attempts of GET calls after network failures and 5xx. */
  retries?: number;
  /** `host` / `host:port` that may resolve to refused addresses (see `OUTBOUND_ALLOWLIST`). */
  allowlist?: string[];
  /**
   * What the adapter does with a private repository the token can read: `read` it (the default), or
   * `refuse` it (`private_refused`), as a service whose every user would then read what the token reads.
   */
  privateRepositories?: 'read' | 'refuse';
}

export function loadSourceHostConfig(source: EnvSource): SourceHostConfig {
  const env = loadEnv(SourceHostEnv, source);
  return {
    webUrl: env.SOURCE_HOST_WEB_URL,
    apiUrl: env.SOURCE_HOST_API_URL,
    token: env.SOURCE_HOST_TOKEN || undefined,
    timeoutMs: attemptTimeoutMs(env.SOURCE_HOST_TIMEOUT_MS, source),
    gitTimeoutMs: env.SOURCE_HOST_TIMEOUT_MS * 3,
    allowlist: loadOutboundConfig(source).allowlist,
  };
}
