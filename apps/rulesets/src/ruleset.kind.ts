import {
  ContentEvents,
  GovernanceEvents,
  RulesetsCallerStateRpc,
  RulesetsEvents,
  RulesetsRpc,
} from '@pc/contracts';
import type { ListingKind } from '@pc/listings';
import { Handles } from '@pc/platform';
import { RULESET_LISTINGS } from './search';

/** Rulesets, to the listings kernel: their tables in the rulesets schema, their events and descriptors. */
export const rulesetKind: ListingKind = {
  assetType: 'ruleset',
  service: 'rulesets',
  schema: 'rulesets',
  tables: {
    listings: 'rulesets',
    submissions: 'ruleset_submissions',
    likes: 'ruleset_likes',
    docTabs: 'ruleset_doc_tabs',
    countedDeployEvents: 'counted_deploy_events',
  },
  published: `published_at IS NOT NULL`,
  idColumn: 'ruleset_id',
  repositoryGone: 'RULESETS.REPOSITORY_GONE',
  // For webhooks: review decisions and new reviewed versions; API governance's news (identity's inbox);
  // for the catalog's transfers: a withdrawn ruleset.
  events: [
    RulesetsEvents.reviewDecided,
    RulesetsEvents.versionPublished,
    RulesetsEvents.withdrawn,
    GovernanceEvents.thresholdCrossed,
    GovernanceEvents.waiverExpired,
    GovernanceEvents.conformanceChanged,
  ],
  ping: RulesetsRpc.ping,
  contentChanged: ContentEvents.rulesetsChanged,
  versionPrefix: 'r',
  search: RULESET_LISTINGS,
  handles: {
    getLike: Handles(RulesetsRpc.getLike),
    getCallerState: Handles(RulesetsCallerStateRpc.get),
    toggleLike: Handles(RulesetsRpc.toggleLike),
    searchListings: Handles(RulesetsRpc.searchListings),
  },
};
