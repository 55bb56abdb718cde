export { HttpGatewayPlatform } from './gateway-platform.client';
export * from './gateway-platform.errors';
export * from './gateway-platform.env';
export * from './gateway-platform.types';
export { authorContext, ConnectionChangedError, delegatedAccess } from './delegated-access';
export type { DelegatedAccess } from './delegated-access';
