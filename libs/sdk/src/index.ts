export { PolicyCatalog, type PolicyCatalogOptions, type Schemas, SESSION_COOKIE } from './client';
export { type ErrorBody, type ErrorCode, type FieldError, PolicyCatalogError } from './errors';
export type {
  FollowLogOptions,
  FollowRolloutOptions,
  FollowStreamOptions,
  LogChunk,
  LogEnd,
  LogStreamEvent,
  RolloutEnd,
  RolloutEvent,
  RolloutStreamEvent,
} from './log-stream';
export { StreamClosedError } from './log-stream';
export * from './operations';
export { PAGES, type PageItem, type PagedOperationId } from './pagination';
export type { RetryOptions } from './retry';
export type { components, operations, paths } from './generated/openapi';
