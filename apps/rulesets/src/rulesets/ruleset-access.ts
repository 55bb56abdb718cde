import { listingAccess, type OwnedListings } from '@pc/listings';
import type { RulesetRow } from './ruleset.row';
import { RulesetWrites } from './ruleset-writes';

/** Finds rulesets for a caller: one published once is public; until then its owner's and administrators'. */
export const RulesetAccess = listingAccess<RulesetRow>({
  noun: 'Ruleset',
  rows: RulesetWrites,
  published: (row) => row.published_at !== null,
});
export type RulesetAccess = OwnedListings<RulesetRow>;
