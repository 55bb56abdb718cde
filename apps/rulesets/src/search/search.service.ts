import { Injectable } from '@nestjs/common';
import type { ListingSearchRequest, ListingSearchResult, RequestContext } from '@pc/contracts';
import { answerListingSearch, Database } from '@pc/platform';
import { callerId } from '../common/caller';
import { VendorRulesets } from '../vendor';
import { RULESET_LISTINGS } from './ruleset-listings';

/** The rulesets' part of the search across kinds: community rulesets the caller sees, and the vendor's. */
@Injectable()
export class RulesetSearchService {
  constructor(
    private readonly db: Database,
    private readonly vendor: VendorRulesets,
  ) {}

  search(ctx: RequestContext, request: ListingSearchRequest): Promise<ListingSearchResult> {
    const vendor = this.vendor.list({});
    return answerListingSearch(this.db.pool, RULESET_LISTINGS, vendor, callerId(ctx.caller), request);
  }
}
