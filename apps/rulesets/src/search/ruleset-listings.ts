import { communityListings } from '@pc/listings';

/**
 * The rulesets table as the list and the search read it (community rulesets: published, or the viewer's
 * own). `q` matches exactly the words of the name, profile name and description; near, each word (ten at
 * most) as a prefix of a word of those (the weighted tsvector), or a part of the name (trigram), and for
 * a one-word query a near miss of a word of the name (a typo).
 */
export const RULESET_LISTINGS = communityListings({
  kind: 'ruleset',
  from: 'rulesets.rulesets r',
  published: 'r.published_at IS NOT NULL',
  // A ruleset published once stays published while an update of it is reviewed.
  status: 'r.lifecycle_status',
  slugs: false,
  words: `concat_ws(' ', r.name, r.profile_name, r.description)`,
  maxWords: 10,
  typos: true,
});
