import { communityListings } from '@pc/listings';
import { policyMatch } from './policy-match';

/** The policies table as the search reads it (community policies: published, or the viewer's own). */
export const POLICY_LISTINGS = communityListings({
  kind: 'policy',
  from: 'catalog.policies p',
  published: `p.status = 'published'`,
  slugs: true,
  match: policyMatch,
});
