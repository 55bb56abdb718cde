import { communityListings } from '@pc/listings';
import { rulesetMatch } from './ruleset-match';

/** The rulesets table as the search reads it (community rulesets: published, or the viewer's own). */
export const RULESET_LISTINGS = communityListings({
  kind: 'ruleset',
  from: 'rulesets.rulesets r',
  published: 'r.published_at IS NOT NULL',
  slugs: false,
  match: rulesetMatch,
});
