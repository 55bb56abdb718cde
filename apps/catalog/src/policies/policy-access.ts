import { listingAccess, type OwnedListings } from '@pc/listings';
import type { PolicyRow } from './policy.row';
import { PolicyRecords } from './policy-records.repository';

/** Finds policies for a caller: published ones are everyone's to see, the others their owner's and administrators'. */
export const PolicyAccess = listingAccess<PolicyRow>({
  noun: 'Policy',
  rows: PolicyRecords,
  published: (row) => row.status === 'published',
});
export type PolicyAccess = OwnedListings<PolicyRow>;
