import type { ListingTable } from '@pc/platform';
import { rulesetMatch } from './ruleset-match';

/** The rulesets table as the search reads it (community rulesets: published, or the viewer's own). */
export const RULESET_LISTINGS: ListingTable = {
  kind: 'ruleset',
  from: 'rulesets.rulesets r',
  visible: (viewerId, p) =>
    viewerId ? `(r.published_at IS NOT NULL OR r.owner_id = ${p(viewerId)})` : `r.published_at IS NOT NULL`,
  columns: `r.id, NULL AS slug, r.name, r.description, r.category, r.like_count AS likes, r.deploy_count AS deploys,
    lower(r.name) AS sort_key`,
  sortKey: 'lower(r.name)',
  // The expressions of the indexes of each order (migration 1796800000000): kept identical to them.
  rank: {
    likes: '(-r.like_count)',
    deploys: '(-r.deploy_count)',
    newest: `((extract(epoch FROM r.created_at AT TIME ZONE 'UTC') * -1000000)::bigint)`,
  },
  category: 'r.category',
  ident: 'r.id::text',
  exact: rulesetMatch.exact,
  near: rulesetMatch.near,
};
