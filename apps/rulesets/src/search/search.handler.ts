import { Controller } from '@nestjs/common';
import { type Envelope, type ListingSearchRequest, RulesetsRpc } from '@pc/contracts';
import { Handles } from '@pc/platform';
import { RulesetSearchService } from './search.service';

@Controller()
export class SearchHandler {
  constructor(private readonly search: RulesetSearchService) {}

  @Handles(RulesetsRpc.searchListings)
  listings({ ctx, data }: Envelope<ListingSearchRequest>) {
    return this.search.search(ctx, data);
  }
}
