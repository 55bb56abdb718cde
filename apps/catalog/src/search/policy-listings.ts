import type { ListingTable } from '@pc/platform';
import { policyMatch } from './policy-match';

/** The policies table as the search reads it (community policies: published, or the viewer's own). */
export const POLICY_LISTINGS: ListingTable = {
  kind: 'policy',
  from: 'catalog.policies p',
  visible: (viewerId, p) =>
    viewerId ? `(p.status = 'published' OR p.owner_id = ${p(viewerId)})` : `p.status = 'published'`,
  columns: `p.id, p.slug, p.name, p.description, p.category, p.like_count AS likes, p.deploy_count AS deploys,
    lower(p.name) AS sort_key`,
  sortKey: 'lower(p.name)',
  // The expressions of the indexes of each order (migration 1796800000000): kept identical to them.
  rank: {
    likes: '(-p.like_count)',
    deploys: '(-p.deploy_count)',
    newest: `((extract(epoch FROM p.created_at AT TIME ZONE 'UTC') * -1000000)::bigint)`,
  },
  category: 'p.category',
  ident: 'p.id::text',
  exact: policyMatch.exact,
  near: policyMatch.near,
};
