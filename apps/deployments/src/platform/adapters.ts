import { HttpRegistry, type Registry } from '@pc/registry';
import type { DeploymentsEnv } from '../deployments.env';

export const GATEWAY_PLATFORM = Symbol('GATEWAY_PLATFORM');
export const REGISTRY = Symbol('REGISTRY');

export function registryFrom(env: DeploymentsEnv): Registry {
  return HttpRegistry.fromEnv({
    REGISTRY_URL: env.REGISTRY_URL,
    REGISTRY_TIMEOUT_MS: env.REGISTRY_TIMEOUT_MS,
    OUTBOUND_TIMEOUT_MS: env.OUTBOUND_TIMEOUT_MS,
  });
}
