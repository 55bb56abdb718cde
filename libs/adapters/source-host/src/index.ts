export { CONTENT_DIGEST_PREFIX, contentDigest } from './content-digest';
export type { DigestEntry } from './content-digest';
export { HttpSourceHost } from './source-host.client';
export { SourceHostError, isSourceHostError } from './source-host.errors';
export type { SourceHostErrorKind } from './source-host.errors';
export { SourceHostEnv, loadSourceHostConfig } from './source-host.env';
export type { SourceHostConfig } from './source-host.env';
export { parseRepositoryUrl } from './source-host.url';
export type {
  Comparison,
  GitRef,
  ParsedRepositoryUrl,
  RepositoryCoordinates,
  RepositoryInfo,
  RepositorySnapshot,
  SnapshotOptions,
  SourceHost,
  TreeEntry,
} from './source-host.types';
