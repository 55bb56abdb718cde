export { HttpGatewayPlatform } from './gateway-platform.client';
export { PlatformError, isPlatformError } from './gateway-platform.errors';
export type { PlatformErrorKind } from './gateway-platform.errors';
export { GatewayPlatformEnv, loadGatewayPlatformConfig } from './gateway-platform.env';
export type { GatewayPlatformConfig } from './gateway-platform.env';
export { PLATFORM_HOSTS } from './gateway-platform.types';
export type {
  AccessTokenProvider,
  AppliedAsset,
  AppliedHealth,
  AppliedStatus,
  AppliedKind,
  ApplyRequest,
  DelegatedPlatformConnection,
  GatewayPlatform,
  PlatformAccess,
  PlatformConnection,
  PlatformHost,
  PlatformOrganization,
} from './gateway-platform.types';
export { delegatedAccess } from './delegated-access';
export type { DelegatedAccess } from './delegated-access';
