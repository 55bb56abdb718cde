import { Controller, Inject, type Type } from '@nestjs/common';
import type { Envelope, ListingSearchRequest } from '@pc/contracts';
import { answerListingSearch, callerId, Database, type VendorListing } from '@pc/platform';
import { LISTING_KIND, LISTING_VENDOR, type ListingKind } from '../listing-kind';

/** The kind's vendor index, as the search lists it whole. */
export interface VendorListings {
  list(filter: object): VendorListing[];
}

/**
 * The kind's answer to the search across kinds and catalogs (`GET /api/search`): its community listings
 * the caller sees (the kind's `search` table) and its vendor's, served on the kind's descriptor.
 */
export function searchHandlerFor(kind: ListingKind): Type {
  @Controller()
  class SearchHandler {
    constructor(
      @Inject(LISTING_KIND) private readonly listings: ListingKind,
      @Inject(LISTING_VENDOR) private readonly vendor: VendorListings,
      private readonly db: Database,
    ) {}

    @kind.handles.searchListings
    search({ ctx, data }: Envelope<ListingSearchRequest>) {
      const vendor = this.vendor.list({});
      return answerListingSearch(this.db.pool, this.listings.search, vendor, callerId(ctx.caller), data);
    }
  }
  return SearchHandler;
}
