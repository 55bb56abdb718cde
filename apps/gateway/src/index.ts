export { GatewayEnv } from './gateway.env';
export { createGateway, type Gateway } from './gateway.app';
export { buildOpenApiDocument } from './openapi/openapi';
export { CallerParts } from './public-reads/caller-parts';
export { PublicReads } from './public-reads/public-reads';
