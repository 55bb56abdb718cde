import { Module } from '@nestjs/common';
import { VendorModule } from '../vendor';
import { SearchHandler } from './search.handler';
import { RulesetSearchService } from './search.service';

/** The rulesets' answer to the search across kinds and catalogs (`GET /api/search`). */
@Module({ imports: [VendorModule], controllers: [SearchHandler], providers: [RulesetSearchService] })
export class SearchModule {}
