// The listings kernel: the life of a listing written once, mounted by each kind's service
// (docs/architecture.md, "Listings: one kernel, two kinds").
export { type Handler, type ListingAccess, type ListingIdRequest, type ListingKind } from './listing-kind';
export { type KindAccess, ListingsModule } from './listings.module';
export { Outbox, OutboxRelay, OutboxRepository } from './outbox/outbox';
export { DocTabsRepository } from './docs/doc-tabs.repository';
export { LikesRepository } from './likes/likes.repository';
export { checkSourceUnchanged, visibleSubmission } from './submissions/submission-rules';
export { SubmissionTable } from './submissions/submission-table';
export {
  type Inspection,
  type SubmissionBase,
  type SubmissionEdit,
  type Submitted,
  Submitting,
} from './submissions/submitting';
export { insertInto, updateRow } from './rows/rows';
export { type ListingColumns, ListingTable } from './rows/listing-table';
export { type KeptColumns, type ListingRow, type PinColumns, pinnedNow, reviewPin } from './rows/listing-row';
export {
  canSeeJson,
  fitJsonToBudget,
  isoTimestampSql,
  jsonArray,
  type ListingJsonRow,
  contributorsOf,
  ownerJsonFields,
  reviewPinSql,
  withJsonFields,
} from './json/listing-json';
export { ListingServiceEnv } from './source/listing-service.env';
export {
  isTransientSourceHostError,
  SOURCE_HOST,
  SourceHostModule,
  sourceHostFailure,
  sourceHostFrom,
  upstreamUnavailable,
} from './source/source-host';
export {
  MAX_READ_BYTES,
  type OpenedRepository,
  RepositoryReader,
  type RepositoryReport,
  repositoryProblem,
  type SourceFields,
} from './source/repository-reader';
export { type PinnedSource, SourceChanges } from './pins/source-changes';
export { sortTabs, tabBytes, TabRules, visibleTabs } from './docs/tab-rules';
export { type CommunityTable, communityListings } from './search/community-listings';
export { escapeLike, listMatch, sqlParams } from './search/exact-match';
export {
  VendorIndex,
  type VendorPage,
  type VendorPageRequest,
  type VendorShelf,
} from './vendor/vendor-index';
export { type KindPins, type PinRequest, type PinRules, Pinning } from './pins/pinning';
export { type DecisionWrite, Reviewing } from './review/reviewing';
export { handlerOf, type Route, type Serve } from './handlers/handler-of';
export {
  type ListingService,
  listingService,
  type ListingServiceFactory,
  runListingService,
} from './service/listing-service';
export { UsersDirectory } from './users/users.directory';
export {
  type AccessRule,
  type KindAccessRule,
  canEdit,
  listingAccess,
  type ListingRows,
  OwnedListings,
} from './access/owned-listings';
