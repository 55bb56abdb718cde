import { z } from 'zod';
import { LIST_CURSOR_MAX, SEARCH_QUERY_MAX } from '../catalog/catalog.limits';
import { RULESET_LIFECYCLE_STATUSES } from '../rulesets/rulesets.types';
import type { MessageSchema } from './message-schemas';

/**
 * One search across the listings of every kind and both catalogs (`GET /api/search`): each service
 * answers for its own kind (`catalog.listing.search.v1`, `rulesets.listing.search.v1`), the gateway
 * merges the pages and adds up the facets.
 */

export const LISTING_KINDS = ['policy', 'ruleset'] as const;
export type ListingKind = (typeof LISTING_KINDS)[number];

export const LISTING_CATALOGS = ['community', 'vendor'] as const;
export type ListingCatalog = (typeof LISTING_CATALOGS)[number];

/**
 * Where a listing stands, in its kind's own words (Policy.status, Ruleset.lifecycle_status): `published`,
 * or for the caller's own item not published yet, `under_review` (waiting for a reviewer),
 * `needs_improvement` (sent back to its author; rulesets only) or `rejected`: a ruleset's statuses, a
 * policy's (POLICY_STATUSES) being among them. The response schemas of the served document hold a result
 * of either kind to this list.
 */
export const LISTING_STATUSES = RULESET_LIFECYCLE_STATUSES;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/**
 * How the results matched `q`: `exact` (every word of `q` is a word of the item), or `near` (words as
 * prefixes, parts of names, small typos) when nothing matched exactly. Exact matches come alone.
 */
export const SEARCH_MATCHES = ['exact', 'near'] as const;
export type SearchMatch = (typeof SEARCH_MATCHES)[number];

/**
 * The orders of a search: `name` (by name; community and vendor items together), or the most liked, most
 * deployed or newest (most recently added) community items first, ties by name; vendor items, which have
 * no likes, deployments or date, come after every community item, by name.
 */
export const SEARCH_SORTS = ['name', 'likes', 'deploys', 'newest'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export const SEARCH_LIMITS = {
  /** Results per page. */
  limit: { min: 1, max: 100, default: 20 },
  /** Characters of an item's summary (its description, cut at a word). */
  summary: { max: 300 },
  /** Category names, as the lists take them. */
  category: { max: 120 },
  q: { max: SEARCH_QUERY_MAX },
  cursor: { max: LIST_CURSOR_MAX },
  /** Categories a facet names at most (the most frequent first). */
  facetCategories: { max: 50 },
  /** Words of `q` that are matched (the rest are ignored). */
  words: { max: 16 },
  /**
   * Community items of one kind a search counts at most (exact matches and all matches each): past it
   * the counts are lower bounds (`countsCapped`), so a word in every item costs what this many do.
   */
  count: { max: 10_000 },
} as const;

/** The words of a query: letters and digits, lower-cased; punctuation and operators are dropped. */
export function searchWords(q: string | undefined): string[] {
  return (q?.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, SEARCH_LIMITS.words.max);
}

/**
 * Where a page of a search starts: after this item in the global order (rank, sort key, kind, catalog,
 * ident).
 */
export interface SearchAfter {
  /** The item's rank in a sort other than `name` (null: a vendor item, or the name order). */
  rank?: number | null;
  key: string;
  kind: ListingKind;
  catalog: ListingCatalog;
  /** The id of a community item, the slug of a vendor item. */
  ident: string;
}

export interface ListingSearchRequest {
  q?: string;
  category?: string;
  catalog?: ListingCatalog;
  /** The order of the page (default `name`). */
  sort?: SearchSort;
  /** Absent: the counts alone. */
  page?: { match: SearchMatch | null; after: SearchAfter | null; limit: number };
  /** False: the page alone, without counts (the asker counted already). Default true. */
  counts?: boolean;
}

/** How many items of one catalog and category match `q` (exactly, and at all). */
export interface ListingSearchCount {
  catalog: ListingCatalog;
  category: string | null;
  exact: number;
  near: number;
}

export interface ListingSearchHit {
  kind: ListingKind;
  catalog: ListingCatalog;
  /** Community items: their id. Vendor items: null (they are read by slug). */
  id: string | null;
  /** A policy's slug, a vendor item's slug, or for a community ruleset the slug of its name. */
  slug: string;
  name: string;
  summary: string;
  category: string | null;
  /** Community items: their likes and deployments; vendor items: null (not counted). */
  counts: ListingCounts | null;
  /**
   * False only for the caller's own item not published yet (under review, needing improvement, rejected,
   * private), which the search shows to them alone; true for every other item.
   */
  published: boolean;
  /**
   * `published` for every item but the caller's own not published yet, which says where it stands (its
   * Policy.status or Ruleset.lifecycle_status): under review, needing improvement or rejected.
   */
  status: ListingStatus;
  /**
   * First in the order of a sort other than `name`: the negated likes or deployments, or the negated
   * time it was added (microseconds), so that smaller comes first; null for vendor items (after every
   * community item) and in the name order.
   */
  rank: number | null;
  /** The order of the merged pages: the lower-cased name (compared as bytes). */
  sortKey: string;
}

export interface ListingCounts {
  likes: number;
  deploys: number;
}

/** A result of `GET /api/search`: a hit without its internal sort key. */
export type SearchResultItem = Omit<ListingSearchHit, 'sortKey' | 'rank'>;

export interface SearchFacets {
  kinds: Record<ListingKind, number>;
  catalogs: Record<ListingCatalog, number>;
  /** The most frequent categories first (at most `SEARCH_LIMITS.facetCategories.max`). */
  categories: Array<{ category: string; count: number }>;
}

/** The answer of `GET /api/search`. */
export interface SearchResult {
  items: SearchResultItem[];
  /** How the items matched `q` (null without `q`). */
  match: SearchMatch | null;
  /** Items matching the query and every filter. */
  total: number;
  /** Per kind, catalog and category: the matches with the other filters applied. */
  facets: SearchFacets;
  /**
   * True when a kind had more matches than a search counts (`SEARCH_LIMITS.count.max` community items
   * per kind): `total` and the facets are then lower bounds ("10,000+"); the pages still reach every item.
   */
  countsCapped: boolean;
  hasMore: boolean;
  nextCursor: string | null;
}

/** What `GET /api/search` takes (the gateway's query, the tool server's input). */
export interface SearchQuery {
  q?: string;
  kind?: ListingKind;
  catalog?: ListingCatalog;
  category?: string;
  sort?: SearchSort;
  cursor?: string;
  limit?: number;
}

export interface ListingSearchResult {
  counts: ListingSearchCount[];
  /** More community items matched than `SEARCH_LIMITS.count.max`: the counts are lower bounds. */
  capped: boolean;
  items: ListingSearchHit[];
  hasMore: boolean;
}

const after = z.object({
  rank: z.number().int().nullable().optional(),
  key: z.string().max(2000),
  kind: z.enum(LISTING_KINDS),
  catalog: z.enum(LISTING_CATALOGS),
  ident: z.string().min(1).max(200),
});

export const listingSearchSchema = z
  .object({
    q: z.string().max(SEARCH_LIMITS.q.max).optional(),
    category: z.string().max(SEARCH_LIMITS.category.max).optional(),
    catalog: z.enum(LISTING_CATALOGS).optional(),
    sort: z.enum(SEARCH_SORTS).optional(),
    page: z
      .object({
        match: z.enum(SEARCH_MATCHES).nullable(),
        after: after.nullable(),
        limit: z.number().int().min(SEARCH_LIMITS.limit.min).max(SEARCH_LIMITS.limit.max),
      })
      .optional(),
    counts: z.boolean().optional(),
  })
  .strict() satisfies MessageSchema<ListingSearchRequest>;

type Ordered = Pick<ListingSearchHit, 'sortKey' | 'kind' | 'catalog'> & {
  rank?: number | null;
  ident: string;
};

/**
 * The global order of search results: by rank (smaller first, none last; in the name order every rank is
 * null), then sort key (as bytes), kind, catalog and ident.
 */
export function compareHits(a: Ordered, b: Ordered): number {
  return (
    compareRanks(a.rank ?? null, b.rank ?? null) ||
    compareBytes(a.sortKey, b.sortKey) ||
    compareBytes(a.kind, b.kind) ||
    compareBytes(a.catalog, b.catalog) ||
    compareBytes(a.ident, b.ident)
  );
}

/** Ranks in the order of a sort: smaller first, null (a vendor item) after every number. */
export function compareRanks(a: number | null, b: number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

/** Strings in the order of their code points (that of their UTF-8 bytes): PostgreSQL's `COLLATE "C"`. */
export function compareBytes(a: string, b: string): number {
  const left = [...a];
  const right = [...b];
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const diff = (left[i].codePointAt(0) ?? 0) - (right[i].codePointAt(0) ?? 0);
    if (diff !== 0) return diff < 0 ? -1 : 1;
  }
  return left.length === right.length ? 0 : left.length < right.length ? -1 : 1;
}

/** The ident of a hit in the order: the id of a community item, the slug of a vendor item. */
export const hitIdent = (hit: Pick<ListingSearchHit, 'id' | 'slug'>): string => hit.id ?? hit.slug;

/** The slug of a name: lower-case words joined by `-` (community rulesets are read by it). */
export function slugOfName(name: string): string {
  return (
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .match(/[a-z0-9]+/g)
      ?.join('-')
      .slice(0, 120) ?? ''
  );
}

/** A description as a summary: at most `SEARCH_LIMITS.summary.max` characters, cut at a word. */
export function summaryOf(text: string): string {
  const max = SEARCH_LIMITS.summary.max;
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}
