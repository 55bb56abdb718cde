import { communityListings } from '@pc/listings';

/**
 * The policies table as the list and the search read it (community policies: published, or the viewer's
 * own). `q` matches exactly the words of the name, category, asset kinds and description; near, each
 * word as a word or the start of one (full text on the weighted vector), or the whole of `q` as part of
 * a name (trigram on names only).
 */
export const POLICY_LISTINGS = communityListings({
  kind: 'policy',
  from: 'catalog.policies p',
  published: `p.status = 'published'`,
  status: 'p.status',
  slugs: true,
  words: `concat_ws(' ', p.name, catalog.policy_tags_text(p.category, p.asset_kinds), p.description)`,
});
