export { PlatformModule } from './platform.module';
export {
  CredentialCheck,
  hostProblem,
  isHostProblem,
  platformConnection,
  platformFailure,
} from './credential-check';
export { ORGS_CACHE_MAX_BYTES, ORGS_CACHE_MAX_ENTRIES, OrgsCache } from './orgs.cache';
export { GATEWAY_PLATFORM } from './platform.provider';
