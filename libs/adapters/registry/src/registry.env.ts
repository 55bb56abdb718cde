import { DEFAULT_SANDBOX_URL, SANDBOX_PATHS, attemptTimeoutMs } from '@pc/outbound';
import { EnvInt, type EnvSource, EnvUrl, loadEnv } from '@pc/platform';

export class RegistryEnv {
  /** Base of the registry API. Defaults to a sandbox on its default port. */
  @EnvUrl()
  REGISTRY_URL: string = `${DEFAULT_SANDBOX_URL}${SANDBOX_PATHS.registry}`;

  /** Per call. */
  @EnvInt(100, 300_000)
  REGISTRY_TIMEOUT_MS: number = 15_000;
}

export interface RegistryConfig {
  url: string;
  timeoutMs?: number;
  /** Extra attempts of GET calls after network failures and 5xx. */
  retries?: number;
}

export function loadRegistryConfig(source: EnvSource): RegistryConfig {
  const env = loadEnv(RegistryEnv, source);
  return { url: env.REGISTRY_URL, timeoutMs: attemptTimeoutMs(env.REGISTRY_TIMEOUT_MS, source) };
}
