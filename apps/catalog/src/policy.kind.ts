import { CatalogCallerStateRpc, CatalogEvents, CatalogRpc, ContentEvents } from '@pc/contracts';
import type { ListingKind } from '@pc/listings';
import { Handles } from '@pc/platform';
import { POLICY_LISTINGS } from './search';

/** Policies, to the listings kernel: their tables in the catalog's schema, their events and descriptors. */
export const policyKind: ListingKind = {
  assetType: 'policy',
  service: 'catalog',
  schema: 'catalog',
  tables: {
    listings: 'policies',
    submissions: 'policy_submissions',
    likes: 'policy_likes',
    docTabs: 'policy_doc_tabs',
    countedDeployEvents: 'counted_deploy_events',
  },
  published: `status = 'published'`,
  idColumn: 'policy_id',
  repositoryGone: 'CATALOG.REPOSITORY_GONE',
  // Ideas delivered; for webhooks: review decisions, new reviewed versions, transfers offered, comments.
  events: [
    CatalogEvents.ideaDelivered,
    CatalogEvents.reviewDecided,
    CatalogEvents.versionPublished,
    CatalogEvents.transferOffered,
    CatalogEvents.policyCommented,
  ],
  ping: CatalogRpc.ping,
  contentChanged: ContentEvents.catalogChanged,
  versionPrefix: 'c',
  search: POLICY_LISTINGS,
  handles: {
    getLike: Handles(CatalogRpc.getLike),
    getCallerState: Handles(CatalogCallerStateRpc.get),
    toggleLike: Handles(CatalogRpc.toggleLike),
    searchListings: Handles(CatalogRpc.searchListings),
  },
};
