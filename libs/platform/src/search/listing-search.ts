import { Injectable } from '@nestjs/common';
import {
  CatalogRpc,
  compareHits,
  hitIdent,
  LISTING_CATALOGS,
  LISTING_KINDS,
  type ListingKind,
  type ListingSearchCount,
  type ListingSearchRequest,
  type ListingSearchResult,
  type RequestContext,
  RulesetsRpc,
  SEARCH_LIMITS,
  SEARCH_MATCHES,
  SEARCH_SORTS,
  type SearchAfter,
  type SearchFacets,
  type SearchMatch,
  type SearchQuery,
  type SearchResult,
  type SearchResultItem,
  type SearchSort,
} from '@pc/contracts';
import { badRequest, RemoteError } from '../errors/domain-error';
import { BusClient } from '../messaging/bus-client';
import { fitToBudget } from '../messaging/reply-limit';

/** The service that answers the search of each kind. */
const SEARCH_OF = {
  policy: CatalogRpc.searchListings,
  ruleset: RulesetsRpc.searchListings,
} as const satisfies Record<ListingKind, unknown>;

interface Cursor {
  match: SearchMatch | null;
  sort: SearchSort;
  after: SearchAfter;
}

/**
 * One search across every kind and both catalogs (`GET /api/search`, the tool server's `search`): each
 * kind's service answers for its items, this merges their pages in one order and adds up the facets.
 * With `q`, exact matches come alone when there are any (among the items the filters keep); near
 * matches only when there are none, and the answer says which (`match`); a cursor keeps its page's
 * rule, so the pages of one search never mix the two.
 */
@Injectable()
export class ListingSearch {
  constructor(private readonly bus: BusClient) {}

  async search(ctx: RequestContext, query: SearchQuery): Promise<SearchResult> {
    const q = query.q?.trim() || undefined;
    const limit = query.limit ?? SEARCH_LIMITS.limit.default;
    const sort = query.sort ?? 'name';
    const cursor = decodeCursor(query.cursor, sort);
    const base: ListingSearchRequest = {
      q,
      category: query.category || undefined,
      catalog: query.catalog,
      ...(sort === 'name' ? {} : { sort }),
    };
    const kinds = LISTING_KINDS.filter((kind) => !query.kind || query.kind === kind);
    const filtered =
      (counts: Map<ListingKind, ListingSearchResult>) =>
      (kind: ListingKind, count: ListingSearchCount, skip?: 'kind' | 'catalog' | 'category'): boolean =>
        counts.has(kind) &&
        (skip === 'kind' || !query.kind || query.kind === kind) &&
        (skip === 'catalog' || !query.catalog || query.catalog === count.catalog) &&
        (skip === 'category' || !query.category || sameCategory(count.category, query.category));

    let match: SearchMatch | null = cursor ? cursor.match : null;
    let counted: Map<ListingKind, ListingSearchResult> | undefined;
    if (!cursor && q) {
      // The counts decide the rule of the pages (exact matches alone when there are any).
      counted = await this.ask(ctx, LISTING_KINDS, () => base);
      const keep = filtered(counted);
      const exact = sum(counted, (kind, count) => (keep(kind, count) ? count.exact : 0));
      match = exact > 0 ? 'exact' : 'near';
    }
    const pages = await this.ask(ctx, counted ? kinds : LISTING_KINDS, (kind) => {
      const request: ListingSearchRequest = { ...base, counts: !counted };
      return kinds.includes(kind)
        ? { ...request, page: { match, after: cursor?.after ?? null, limit } }
        : request;
    });
    // Each kind's counts (asked once) beside its page.
    const answers = new Map(
      LISTING_KINDS.filter((kind) => pages.has(kind) || counted?.has(kind)).map((kind) => {
        const page = pages.get(kind) ?? { items: [], hasMore: false };
        const counts = counted?.get(kind) ?? pages.get(kind)!;
        return [kind, { ...page, counts: counts.counts, capped: counts.capped }] as const;
      }),
    );
    const keep = filtered(answers);
    const tally = (kind: ListingKind, count: ListingSearchCount) =>
      match === 'near' ? count.near : count.exact;

    const merged = [...answers.values()]
      .flatMap((answer) => answer.items)
      .sort((a, b) => compareHits({ ...a, ident: hitIdent(a) }, { ...b, ident: hitIdent(b) }));
    const head = merged.slice(0, limit);
    const items = fitToBudget(head.map(({ sortKey: _, rank: __, ...item }): SearchResultItem => item));
    const last = head[items.length - 1];
    const hasMore = merged.length > items.length || [...answers.values()].some((answer) => answer.hasMore);
    return {
      items,
      match,
      total: sum(answers, (kind, count) => (keep(kind, count) ? tally(kind, count) : 0)),
      facets: facets(answers, keep, tally),
      countsCapped: [...answers.values()].some((answer) => answer.capped),
      hasMore,
      nextCursor:
        hasMore && last
          ? encodeCursor({
              match,
              sort,
              after: {
                rank: last.rank,
                key: last.sortKey,
                kind: last.kind,
                catalog: last.catalog,
                ident: hitIdent(last),
              },
            })
          : null,
    };
  }

  private async ask(
    ctx: RequestContext,
    kinds: readonly ListingKind[],
    request: (kind: ListingKind) => ListingSearchRequest,
  ): Promise<Map<ListingKind, ListingSearchResult>> {
    const answers = await Promise.all(
      kinds.map(async (kind) => [kind, await this.bus.request(SEARCH_OF[kind], ctx, request(kind))] as const),
    );
    return new Map(answers);
  }
}

type Keep = (kind: ListingKind, count: ListingSearchCount, skip?: 'kind' | 'catalog' | 'category') => boolean;
type Tally = (kind: ListingKind, count: ListingSearchCount) => number;

/** Each facet counts the matches with the other filters applied (not its own), as facets do. */
function facets(answers: Map<ListingKind, ListingSearchResult>, keep: Keep, tally: Tally): SearchFacets {
  const kinds = Object.fromEntries(LISTING_KINDS.map((kind) => [kind, 0])) as SearchFacets['kinds'];
  const catalogs = Object.fromEntries(LISTING_CATALOGS.map((c) => [c, 0])) as SearchFacets['catalogs'];
  const categories = new Map<string, { category: string; count: number }>();
  for (const [kind, answer] of answers) {
    for (const count of answer.counts) {
      const n = tally(kind, count);
      if (keep(kind, count, 'kind')) kinds[kind] += n;
      if (keep(kind, count, 'catalog')) catalogs[count.catalog] += n;
      if (count.category !== null && n > 0 && keep(kind, count, 'category')) {
        const key = count.category.toLowerCase();
        const entry = categories.get(key) ?? { category: count.category, count: 0 };
        entry.count += n;
        categories.set(key, entry);
      }
    }
  }
  return {
    kinds,
    catalogs,
    categories: [...categories.values()]
      .sort((a, b) => b.count - a.count || a.category.localeCompare(b.category))
      .slice(0, SEARCH_LIMITS.facetCategories.max),
  };
}

function sum(
  answers: Map<ListingKind, ListingSearchResult>,
  value: (kind: ListingKind, count: ListingSearchCount) => number,
): number {
  let total = 0;
  for (const [kind, answer] of answers) for (const count of answer.counts) total += value(kind, count);
  return total;
}

function sameCategory(category: string | null, wanted: string): boolean {
  return category !== null && category.toLowerCase() === wanted.toLowerCase();
}

const CURSOR_TAG = 'search';

/** The name order's cursor is as it always was; a ranked sort's adds the sort and the item's rank. */
function encodeCursor(cursor: Cursor): string {
  const { after } = cursor;
  const fields: unknown[] = [CURSOR_TAG, cursor.match, after.key, after.kind, after.catalog, after.ident];
  if (cursor.sort !== 'name') fields.push(cursor.sort, after.rank ?? null);
  return Buffer.from(JSON.stringify(fields)).toString('base64url');
}

/**
 * A cursor this search made for this sort, or a 400 (never silently the first page). Raised as the
 * services' errors are, so that each edge (the gateway, the tool server) answers it as it answers theirs.
 */
function decodeCursor(cursor: string | undefined, sort: SearchSort): Cursor | null {
  if (cursor === undefined || cursor === '') return null;
  const invalid = () =>
    new RemoteError(
      badRequest('Invalid cursor', [
        { field: 'cursor', message: 'is not a nextCursor this search returned' },
      ]).toPayload(),
    );
  if (cursor.length > SEARCH_LIMITS.cursor.max) throw invalid();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || ![6, 8].includes(parsed.length) || parsed[0] !== CURSOR_TAG) throw invalid();
  const [, match, key, kind, catalog, ident, cursorSort = 'name', rank = null] = parsed as unknown[];
  if (
    !(match === null || (SEARCH_MATCHES as readonly unknown[]).includes(match)) ||
    typeof key !== 'string' ||
    !(LISTING_KINDS as readonly unknown[]).includes(kind) ||
    !(LISTING_CATALOGS as readonly unknown[]).includes(catalog) ||
    typeof ident !== 'string' ||
    ident === '' ||
    ident.length > 200 ||
    !(SEARCH_SORTS as readonly unknown[]).includes(cursorSort) ||
    cursorSort !== sort ||
    (sort === 'name' && parsed.length !== 6) ||
    !(rank === null || Number.isSafeInteger(rank))
  ) {
    throw invalid();
  }
  return {
    match: match as SearchMatch | null,
    sort,
    after: {
      rank: rank as number | null,
      key,
      kind: kind as ListingKind,
      catalog: catalog as SearchAfter['catalog'],
      ident,
    },
  };
}
