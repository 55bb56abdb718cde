import { Module } from '@nestjs/common';
import { VendorModule } from '../vendor';
import { SearchHandler } from './search.handler';
import { PolicySearchService } from './search.service';

/** The policies' answer to the search across kinds and catalogs (`GET /api/search`). */
@Module({ imports: [VendorModule], controllers: [SearchHandler], providers: [PolicySearchService] })
export class SearchModule {}
