export { WaiversModule } from './waivers.module';
export { WaiverExpiry } from './waiver-expiry';
