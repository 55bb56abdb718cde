export { HttpRegistry } from './registry.client';
export { RegistryError, isRegistryError } from './registry.errors';
export type { RegistryErrorKind } from './registry.errors';
export { RegistryEnv, loadRegistryConfig } from './registry.env';
export type { RegistryConfig } from './registry.env';
export { ASSET_CLASSIFIERS, HOME_PAGE_STATUSES } from './registry.types';
export type {
  AccessTokenProvider,
  AssetClassifier,
  AssetCoordinates,
  AssetFile,
  AssetFileInput,
  AssetHomePage,
  AssetVersion,
  AssetVersionCoordinates,
  HomePageStatus,
  PublishAssetInput,
  Registry,
} from './registry.types';
