import { EnvInt, type EnvSource, EnvString, loadEnv } from '@pc/platform';
import { OutboundGuard, parseAllowlist } from './outbound.guard';

/** Configuration shared by every adapter that reaches user-supplied addresses. */
export class OutboundEnv {
  /**
   * Comma-separated `host` or `host:port` that may resolve to loopback or private addresses (and, as a
   * connection's custom domain, be reached over plain http: any other must use https). Empty in
   * production; the sandbox's address in embedded and test configuration.
   */
  @EnvString()
  OUTBOUND_ALLOWLIST: string = '';

  /**
   * Timeout of each outbound attempt, of every adapter (source host, registry, platform, webhooks): the
   * stricter of this and the adapter's own timeout applies. Unset: each adapter's own alone.
   */
  @EnvInt(100, 300_000)
  OUTBOUND_TIMEOUT_MS?: number;
}

export interface OutboundConfig {
  allowlist: string[];
  timeoutMs?: number;
}

export function loadOutboundConfig(source: EnvSource): OutboundConfig {
  const env = loadEnv(OutboundEnv, source);
  return { allowlist: parseAllowlist(env.OUTBOUND_ALLOWLIST), timeoutMs: env.OUTBOUND_TIMEOUT_MS };
}

/** The timeout of an adapter's attempts: its own, or OUTBOUND_TIMEOUT_MS when that is stricter. */
export function attemptTimeoutMs(adapterTimeoutMs: number, source: EnvSource): number {
  const outbound = loadOutboundConfig(source).timeoutMs;
  return outbound === undefined ? adapterTimeoutMs : Math.min(adapterTimeoutMs, outbound);
}

export function outboundGuardFromEnv(source: EnvSource): OutboundGuard {
  return new OutboundGuard({ allowlist: loadOutboundConfig(source).allowlist });
}
