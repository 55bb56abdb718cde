import { GovernanceEvents, RulesetsEvents, RulesetsRpc } from '@pc/contracts';
import type { ListingKind } from '@pc/listings';
import { Handles } from '@pc/platform';

/** Rulesets, to the listings kernel: their tables in the rulesets schema, their events and descriptors. */
export const rulesetKind: ListingKind = {
  assetType: 'ruleset',
  service: 'rulesets',
  schema: 'rulesets',
  tables: {
    listings: 'rulesets',
    likes: 'ruleset_likes',
    docTabs: 'ruleset_doc_tabs',
    countedDeployEvents: 'counted_deploy_events',
  },
  idColumn: 'ruleset_id',
  repositoryGone: 'RULESETS.REPOSITORY_GONE',
  // For webhooks: review decisions and new reviewed versions; API governance's news (identity's inbox).
  events: [
    RulesetsEvents.reviewDecided,
    RulesetsEvents.versionPublished,
    GovernanceEvents.thresholdCrossed,
    GovernanceEvents.waiverExpired,
  ],
  handles: {
    getLike: Handles(RulesetsRpc.getLike),
    toggleLike: Handles(RulesetsRpc.toggleLike),
  },
};
