export { PlatformModule } from './platform.module';
export {
  CredentialCheck,
  hostProblem,
  isHostProblem,
  platformConnection,
  platformFailure,
} from './credential-check';
export { OrgsCache } from './orgs.cache';
export { GATEWAY_PLATFORM } from './platform.provider';
