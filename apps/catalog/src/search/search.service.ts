import { Injectable } from '@nestjs/common';
import type { ListingSearchRequest, ListingSearchResult, RequestContext } from '@pc/contracts';
import { answerListingSearch, Database } from '@pc/platform';
import { callerId } from '../common/caller';
import { VendorCatalog } from '../vendor';
import { POLICY_LISTINGS } from './policy-listings';

/** The policies' part of the search across kinds: community policies the caller sees, and the vendor's. */
@Injectable()
export class PolicySearchService {
  constructor(
    private readonly db: Database,
    private readonly vendor: VendorCatalog,
  ) {}

  search(ctx: RequestContext, request: ListingSearchRequest): Promise<ListingSearchResult> {
    const vendor = this.vendor.list({});
    return answerListingSearch(this.db.pool, POLICY_LISTINGS, vendor, callerId(ctx.caller), request);
  }
}
