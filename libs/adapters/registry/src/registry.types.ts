export const ASSET_CLASSIFIERS = [
  'policy-definition',
  'policy-implementation',
  'governance-ruleset',
] as const;
export type AssetClassifier = (typeof ASSET_CLASSIFIERS)[number];

export const HOME_PAGE_STATUSES = ['draft', 'published'] as const;
export type HomePageStatus = (typeof HOME_PAGE_STATUSES)[number];

/** Returns a bearer token; asked again with `forceRefresh` once when the registry answers 401. */
export type AccessTokenProvider = (options?: { forceRefresh?: boolean }) => Promise<string>;

/** Group = the organization id that owns the asset. */
export interface AssetCoordinates {
  groupId: string;
  assetId: string;
}

export interface AssetVersionCoordinates extends AssetCoordinates {
  version: string;
}

export interface AssetFileInput {
  path: string;
  content: Buffer | string;
}

export interface PublishAssetInput extends AssetVersionCoordinates {
  classifier: AssetClassifier;
  name: string;
  description?: string;
  files: AssetFileInput[];
}

export interface AssetFile {
  path: string;
  size: number;
  sha256: string;
}

export interface AssetVersion extends AssetVersionCoordinates {
  classifier: AssetClassifier;
  name: string;
  description: string;
  files: AssetFile[];
  createdAt: string;
}

export interface AssetHomePage {
  status: HomePageStatus;
  content: string;
  updatedAt: string;
}

/** The asset registry, as services see it. Every failure is a `RegistryError`. */
export interface Registry {
  publish(auth: AccessTokenProvider, input: PublishAssetInput): Promise<AssetVersion>;
  /** `null` when the version does not exist. */
  getVersion(auth: AccessTokenProvider, coordinates: AssetVersionCoordinates): Promise<AssetVersion | null>;
  /** Oldest first; empty when the asset does not exist. */
  listVersions(auth: AccessTokenProvider, asset: AssetCoordinates): Promise<AssetVersion[]>;
  readFile(auth: AccessTokenProvider, coordinates: AssetVersionCoordinates, path: string): Promise<Buffer>;
  /** False when there was nothing to delete. */
  deleteVersion(auth: AccessTokenProvider, coordinates: AssetVersionCoordinates): Promise<boolean>;
  getHomePage(auth: AccessTokenProvider, asset: AssetCoordinates): Promise<AssetHomePage>;
  setHomePage(
    auth: AccessTokenProvider,
    asset: AssetCoordinates,
    page: { status: HomePageStatus; content?: string },
  ): Promise<AssetHomePage>;
}
