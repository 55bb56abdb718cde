import { ApiProperty } from '@nestjs/swagger';
import {
  LISTING_CATALOGS,
  LISTING_KINDS,
  LISTING_STATUSES,
  type ListingCatalog,
  type ListingKind,
  type ListingStatus,
  SEARCH_LIMITS,
  SEARCH_MATCHES,
  SEARCH_SORTS,
  type SearchMatch,
  type SearchSort,
} from '@pc/contracts';
import { PageCursor, PageLimit } from '../http/common.dto';
import { OptionalEnum, OptionalString } from '../http/schema-fields';

export class SearchQueryDto {
  @OptionalString({
    maxLength: SEARCH_LIMITS.q.max,
    description:
      'Words to find (letters and digits; at most ' +
      `${SEARCH_LIMITS.words.max} are used). Items with every word as a word of their name, category or ` +
      'description come alone when there are any (`match: exact`); otherwise words as the start of a word, ' +
      'parts of names and small typos (`match: near`).',
  })
  q?: string;

  @OptionalEnum({ enum: LISTING_KINDS, description: 'Only policies, or only rulesets' })
  kind?: ListingKind;

  @OptionalEnum({ enum: LISTING_CATALOGS, description: 'Only the community’s, or only the vendor’s' })
  catalog?: ListingCatalog;

  @OptionalString({ maxLength: SEARCH_LIMITS.category.max, description: 'A category, in any case' })
  category?: string;

  @OptionalEnum({
    enum: SEARCH_SORTS,
    default: 'name',
    description:
      'The order: `name` (by name, community and vendor items together), `likes` (most liked first), ' +
      '`deploys` (most deployed first) or `newest` (most recently added first); ties by name. Vendor items ' +
      'have no likes, deployments or date: in `likes`, `deploys` and `newest` they come after every ' +
      'community item, by name. A cursor pages the sort it was made for only.',
  })
  sort?: SearchSort;

  @PageCursor() cursor?: string;

  @PageLimit(SEARCH_LIMITS.limit) limit?: number;
}

export class ListingCountsDto {
  @ApiProperty({ type: 'integer', minimum: 0 }) likes!: number;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Deployments made of it' }) deploys!: number;
}

export class SearchItemDto {
  @ApiProperty({ enum: LISTING_KINDS }) kind!: ListingKind;
  @ApiProperty({ enum: LISTING_CATALOGS }) catalog!: ListingCatalog;
  @ApiProperty({
    type: 'string',
    format: 'uuid',
    nullable: true,
    description: 'A community item’s id (GET /policies/{id}, /rulesets/{id}); null for a vendor item',
  })
  id!: string | null;
  @ApiProperty({
    description:
      'A policy’s slug, a vendor item’s slug (GET /vendor-policies/{slug}, /vendor-rulesets/{slug}), or for ' +
      'a community ruleset the slug of its name',
  })
  slug!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ maxLength: SEARCH_LIMITS.summary.max, description: 'The description, cut at a word' })
  summary!: string;
  @ApiProperty({ type: 'string', nullable: true }) category!: string | null;
  @ApiProperty({
    type: ListingCountsDto,
    nullable: true,
    description: 'Community items: likes and deployments; null for vendor items',
  })
  counts!: ListingCountsDto | null;
  @ApiProperty({
    description:
      'False only for the caller’s own item not published yet (under review, needing improvement, ' +
      'rejected, private), which the search shows to them alone; true for every other item',
  })
  published!: boolean;
  @ApiProperty({
    enum: LISTING_STATUSES,
    description:
      'Where the item stands, in its kind’s words (a policy’s `status`, a ruleset’s `lifecycle_status`): ' +
      '`published` for every item but the caller’s own not published yet, which says `under_review` ' +
      '(waiting for a reviewer), `needs_improvement` (sent back to its author; rulesets only) or `rejected`',
  })
  status!: ListingStatus;
}

export class KindCountsDto {
  @ApiProperty({ type: 'integer', minimum: 0 }) policy!: number;
  @ApiProperty({ type: 'integer', minimum: 0 }) ruleset!: number;
}

export class CatalogCountsDto {
  @ApiProperty({ type: 'integer', minimum: 0 }) community!: number;
  @ApiProperty({ type: 'integer', minimum: 0 }) vendor!: number;
}

export class CategoryCountDto {
  @ApiProperty() category!: string;
  @ApiProperty({ type: 'integer', minimum: 1 }) count!: number;
}

export class SearchFacetsDto {
  @ApiProperty({ type: KindCountsDto }) kinds!: KindCountsDto;
  @ApiProperty({ type: CatalogCountsDto }) catalogs!: CatalogCountsDto;
  @ApiProperty({
    type: [CategoryCountDto],
    maxItems: SEARCH_LIMITS.facetCategories.max,
    description: 'The most frequent first',
  })
  categories!: CategoryCountDto[];
}

export class SearchResultDto {
  @ApiProperty({ type: [SearchItemDto], maxItems: SEARCH_LIMITS.limit.max }) items!: SearchItemDto[];
  @ApiProperty({
    enum: SEARCH_MATCHES,
    nullable: true,
    description:
      'How the items matched `q`: exact words, or near matches when nothing matched exactly; null without q',
  })
  match!: SearchMatch | null;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Items matching the query and every filter' })
  total!: number;
  @ApiProperty({
    type: SearchFacetsDto,
    description: 'Matches per kind, catalog and category, each counted with the other filters applied',
  })
  facets!: SearchFacetsDto;
  @ApiProperty({
    description:
      `True when a kind had more matches than a search counts (${SEARCH_LIMITS.count.max} community ` +
      'items per kind): `total` and the facets are then lower bounds; the pages still reach every item',
  })
  countsCapped!: boolean;
  @ApiProperty() hasMore!: boolean;
  @ApiProperty({ type: 'string', nullable: true, description: 'Fetches the next page (same query)' })
  nextCursor!: string | null;
}
