import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiExtension, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type RequestContext, SEARCH_LIMITS } from '@pc/contracts';
import { ListingSearch } from '@pc/platform';
import { ApiErrors, Ctx, OptionalAuth } from '../auth/auth.decorators';
import { pagingDescription } from '../http/common.dto';
import { PublicReads } from '../public-reads/public-reads';
import { ConditionalRead, PUBLIC_READ_HEADERS } from '../public-reads/public-reads.decorators';
import { SearchQueryDto, SearchResultDto } from './search.dto';

@ApiTags('search')
@Controller()
export class SearchController {
  constructor(
    private readonly listings: ListingSearch,
    private readonly reads: PublicReads,
  ) {}

  @Get('search')
  @OptionalAuth()
  @ApiExtension('x-extension', {
    reason:
      'One search across policies and rulesets, community and vendor, with facet counts (not in the spec)',
  })
  @ApiOperation({
    summary: 'Search policies and rulesets, community and vendor, with counts',
    description:
      'Every kind (policy, ruleset) and both catalogs (community: published items plus the caller’s own; ' +
      'vendor: the vendor index), in one order: by name (`sort=name`, the default), or the most liked, most ' +
      'deployed or newest community items first (`sort=likes|deploys|newest`, ties by name; vendor items, ' +
      'which have none of these, after every community item, by name); then kind, catalog and id. Each item says its ' +
      '`kind` and `catalog`. With `q`, items having every word of it as a word come alone when there are ' +
      'any (`match: exact`), else the near matches (words as prefixes, parts of names, small typos; ' +
      '`match: near`); the pages of one search keep the first page’s rule. `facets` counts the matches per ' +
      'kind, catalog and category, each with the other filters applied. ' +
      pagingDescription(SEARCH_LIMITS.limit) +
      ' Anonymous answers carry an ETag for conditional requests, and are cached as the lists are.',
  })
  @ApiOkResponse({ type: SearchResultDto, headers: PUBLIC_READ_HEADERS })
  @ConditionalRead()
  @ApiErrors([400, 'A query parameter is invalid, or the cursor is not one this search returned'])
  search(
    @Ctx() ctx: RequestContext,
    @Query() query: SearchQueryDto,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    return this.reads.serveRead(ctx, request, reply, async (caller) =>
      Buffer.from(JSON.stringify(await this.listings.search(caller, query))),
    );
  }
}
