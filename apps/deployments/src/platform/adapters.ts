import { type GatewayPlatform, HttpGatewayPlatform } from '@pc/gateway-platform';
import { HttpRegistry, type Registry } from '@pc/registry';
import type { DeploymentsEnv } from '../deployments.env';

export const GATEWAY_PLATFORM = Symbol('GATEWAY_PLATFORM');
export const REGISTRY = Symbol('REGISTRY');

export function platformFrom(env: DeploymentsEnv): GatewayPlatform {
  return HttpGatewayPlatform.fromEnv({
    PLATFORM_US_URL: env.PLATFORM_US_URL,
    PLATFORM_EU_URL: env.PLATFORM_EU_URL,
    PLATFORM_TIMEOUT_MS: env.PLATFORM_TIMEOUT_MS,
    OUTBOUND_ALLOWLIST: env.OUTBOUND_ALLOWLIST,
    OUTBOUND_TIMEOUT_MS: env.OUTBOUND_TIMEOUT_MS,
  });
}

export function registryFrom(env: DeploymentsEnv): Registry {
  return HttpRegistry.fromEnv({
    REGISTRY_URL: env.REGISTRY_URL,
    REGISTRY_TIMEOUT_MS: env.REGISTRY_TIMEOUT_MS,
    OUTBOUND_TIMEOUT_MS: env.OUTBOUND_TIMEOUT_MS,
  });
}
