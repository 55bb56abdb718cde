export { AdapterError, OutboundError, isOutboundError } from './outbound.errors';
export type { AdapterErrorDetails, OutboundErrorKind } from './outbound.errors';
export { blockedAddressReason } from './address-policy';
export type { BlockedAddressReason } from './address-policy';
export { OutboundGuard, parseAllowlist, effectivePort } from './outbound.guard';
export type { HostResolver, OutboundGuardOptions, ResolvedAddress, VettedTarget } from './outbound.guard';
export {
  OutboundHttpClient,
  retryAfterSeconds,
  isRateLimited,
  describeFailure,
  isRecord,
} from './outbound.client';
export type { UpstreamFailure } from './outbound.client';
export { UpstreamFailures } from './upstream-failures';
export type {
  HttpMethod,
  OutboundHttpClientOptions,
  OutboundRequest,
  OutboundResponse,
} from './outbound.client';
export { OutboundEnv, attemptTimeoutMs, loadOutboundConfig, outboundGuardFromEnv } from './outbound.env';
export type { OutboundConfig } from './outbound.env';
export { sandboxAdapterEnv, SANDBOX_PATHS, DEFAULT_SANDBOX_URL } from './sandbox-adapter-env';
export type { SandboxAdapterEnv } from './sandbox-adapter-env';
