export { PlatformAccessModule } from './platform-access.module';
