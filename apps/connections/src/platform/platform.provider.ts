import { HttpGatewayPlatform, type GatewayPlatform } from '@pc/gateway-platform';
import type { ConnectionsEnv } from '../connections.env';

export const GATEWAY_PLATFORM = Symbol('GATEWAY_PLATFORM');

export function platformFrom(env: ConnectionsEnv): GatewayPlatform {
  return HttpGatewayPlatform.fromEnv({
    PLATFORM_US_URL: env.PLATFORM_US_URL,
    PLATFORM_EU_URL: env.PLATFORM_EU_URL,
    PLATFORM_TIMEOUT_MS: env.PLATFORM_TIMEOUT_MS,
    OUTBOUND_ALLOWLIST: env.OUTBOUND_ALLOWLIST,
    OUTBOUND_TIMEOUT_MS: env.OUTBOUND_TIMEOUT_MS,
  });
}
