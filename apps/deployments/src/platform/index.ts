export { PlatformModule } from './platform.module';
export { GATEWAY_PLATFORM, REGISTRY } from './adapters';
