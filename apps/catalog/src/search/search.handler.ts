import { Controller } from '@nestjs/common';
import { CatalogRpc, type Envelope, type ListingSearchRequest } from '@pc/contracts';
import { Handles } from '@pc/platform';
import { PolicySearchService } from './search.service';

@Controller()
export class SearchHandler {
  constructor(private readonly search: PolicySearchService) {}

  @Handles(CatalogRpc.searchListings)
  listings({ ctx, data }: Envelope<ListingSearchRequest>) {
    return this.search.search(ctx, data);
  }
}
