export { PlatformModule } from './platform.module';
export { definitionAssetId, GATEWAY_PLATFORM, implementationAssetId, REGISTRY } from './adapters';
