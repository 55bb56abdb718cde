import {
  type ListingCatalog,
  type ListingKind,
  type ListingSearchCount,
  type ListingSearchHit,
  type ListingSearchRequest,
  type ListingSearchResult,
  type ListingStatus,
  type SearchAfter,
  type SearchMatch,
  type SearchSort,
  SEARCH_LIMITS,
  compareBytes,
  compareHits,
  hitIdent,
  slugOfName,
  summaryOf,
} from '@pc/contracts';
import type { Executor } from '../database/executor';
import { fitToBudget } from '../messaging/reply-limit';
import { matchesExactWords } from './word-match';
import { matchesWords } from '@pc/vendor-index';

/**
 * What a kind's service tells the search about its community table; the rest (counts, pages, the
 * vendor index, the order) is the same for every kind. Expressions use the alias of `from`; `p` adds a
 * parameter and returns its placeholder.
 */
export interface ListingTable {
  kind: ListingKind;
  /** `catalog.policies p` */
  from: string;
  /** The rows `viewerId` may see. */
  visible: (viewerId: string | null, p: Param) => string;
  /**
   * Selects `id, slug (or null), name, description, category, likes, deploys, sort_key, published, status`
   * (`published`, or where the viewer's own unpublished row stands).
   */
  columns: string;
  /** The lower-cased name, the order's key. */
  sortKey: string;
  /**
   * First in the order of each sort other than `name` (smaller first, an integer): the negated likes,
   * deployments, or time added in microseconds. Each has an index with the sort key and ident after it.
   */
  rank: Record<RankedSort, string>;
  category: string;
  /** The row's id as text, the order's last key. */
  ident: string;
  /** Every word of `q` is a word of the row (`exactWordsClause`); null without words. */
  exact: (q: string, p: Param) => string | null;
  /** What the kind's list matches for `q` (prefixes, parts of names...), a superset of `exact`. */
  near: (q: string, p: Param) => string | null;
}

export type Param = (value: unknown) => string;

/** The sorts that order by a rank before the name. */
export type RankedSort = Exclude<SearchSort, 'name'>;

/** A vendor item as the search reads it. */
export interface VendorListing {
  slug: string;
  name: string;
  summary: string;
  category: string | null;
}

/** Rows of the order a page reads before it asks the search indexes instead (a common word's page is among them). */
const SEARCH_WALK_ROWS = 1000;

interface Row {
  id: string;
  slug: string | null;
  name: string;
  description: string;
  category: string | null;
  likes: number;
  deploys: number;
  sort_key: string;
  published: boolean;
  status: ListingStatus;
  /** A bigint arrives as text. */
  rank: number | string | null;
}

/**
 * A service's answer to a search of its kind: the counts per catalog and category (exact and near,
 * each counted up to `SEARCH_LIMITS.count.max` community items), unless `counts` is false, and with
 * `page`, the page of its community and vendor items in the global order after `page.after`.
 */
export async function answerListingSearch(
  db: Executor,
  table: ListingTable,
  vendor: VendorListing[],
  viewerId: string | null,
  request: ListingSearchRequest,
): Promise<ListingSearchResult> {
  const q = request.q?.trim() ?? '';
  const counted =
    request.counts === false ? { counts: [], capped: false } : await communityCounts(db, table, viewerId, q);
  const counts = request.counts === false ? [] : [...counted.counts, ...vendorCounts(vendor, q)];
  const page = request.page;
  if (!page) return { counts, capped: counted.capped, items: [], hasMore: false };
  const wants = (catalog: ListingCatalog) => !request.catalog || request.catalog === catalog;
  const sort = request.sort ?? 'name';
  const community = wants('community')
    ? await communityPage(db, table, viewerId, { q, category: request.category, sort, page })
    : [];
  const vendorItems = wants('vendor') ? vendorPage(table.kind, vendor, q, request.category, page) : [];
  const merged = [...community, ...vendorItems]
    .sort((a, b) => compareHits({ ...a, ident: hitIdent(a) }, { ...b, ident: hitIdent(b) }))
    .slice(0, page.limit + 1);
  const items = fitToBudget(merged.slice(0, page.limit));
  return { counts, capped: counted.capped, items, hasMore: merged.length > items.length };
}

/**
 * The community items matching `q` per category, exactly and at all: two scans, each stopped after
 * `SEARCH_LIMITS.count.max` rows (a word in every item costs what that many rows do); `capped` when
 * either stopped there.
 */
async function communityCounts(
  db: Executor,
  table: ListingTable,
  viewerId: string | null,
  q: string,
): Promise<{ counts: ListingSearchCount[]; capped: boolean }> {
  const cap = SEARCH_LIMITS.count.max;
  const perCategory = async (match: 'exact' | 'near') => {
    const params: unknown[] = [];
    const p: Param = (value) => {
      params.push(value);
      return `$${params.length}`;
    };
    const where = [table.visible(viewerId, p)];
    if (q) where.push((match === 'exact' ? table.exact(q, p) : table.near(q, p)) ?? 'false');
    const rows = await db.query<Array<{ category: string | null; n: number }>>(
      `SELECT category, count(*)::int AS n FROM (
         SELECT ${table.category} AS category FROM ${table.from} WHERE ${where.join(' AND ')} LIMIT ${p(cap + 1)}
       ) matched GROUP BY 1`,
      params,
    );
    const total = rows.reduce((sum, row) => sum + row.n, 0);
    return { rows, capped: total > cap };
  };
  // Without `q` every visible item matches both ways: one scan.
  const near = await perCategory('near');
  const exact = q ? await perCategory('exact') : near;
  const categories = new Map<string | null, ListingSearchCount>();
  const entry = (category: string | null) => {
    const found = categories.get(category) ?? { catalog: 'community', category, exact: 0, near: 0 };
    categories.set(category, found);
    return found;
  };
  for (const row of near.rows) entry(row.category).near = row.n;
  for (const row of exact.rows) entry(row.category).exact = row.n;
  return { counts: [...categories.values()], capped: near.capped || exact.capped };
}

function vendorCounts(vendor: VendorListing[], q: string): ListingSearchCount[] {
  const counts = new Map<string | null, ListingSearchCount>();
  for (const item of vendor) {
    const exact = matchesExactWords(q, ...vendorFields(item));
    const near = exact || matchesWords(q, ...vendorFields(item));
    if (!near) continue;
    const count = counts.get(item.category) ?? {
      catalog: 'vendor',
      category: item.category,
      exact: 0,
      near: 0,
    };
    count.exact += exact ? 1 : 0;
    count.near += 1;
    counts.set(item.category, count);
  }
  return [...counts.values()];
}

type Page = NonNullable<ListingSearchRequest['page']>;

/** What a page of a kind's community items is asked for. */
export interface CommunityPageRequest {
  q: string;
  category: string | undefined;
  sort: SearchSort;
  page: Page;
}

/**
 * The queries of a page of community items, in the order of the sort: `walk` reads the first rows of
 * the order (its index) and keeps the matches; `matches` (with `q` only, when the walk found too few)
 * finds the matches through the search indexes and orders them. Without `q` the walk is the page.
 */
export function communityPageQueries(
  table: ListingTable,
  viewerId: string | null,
  request: CommunityPageRequest,
): { walk: string; matches: string | null; params: unknown[] } {
  const { q, category, sort, page } = request;
  const params: unknown[] = [];
  const p: Param = (value) => {
    params.push(value);
    return `$${params.length}`;
  };
  const rank = sort === 'name' ? null : table.rank[sort];
  const where = [table.visible(viewerId, p)];
  if (category) where.push(`lower(${table.category}) = lower(${p(category)})`);
  const key = `${table.sortKey} COLLATE "C"`;
  const ident = `${table.ident} COLLATE "C"`;
  if (page.after) where.push(afterClause(table.kind, page.after, { rank, key, ident }, p));
  const columns = `${table.columns}, ${rank ?? 'NULL::bigint'} AS rank`;
  const order = [rank, key, ident].filter((term) => term !== null).join(', ');
  const match = q ? ((page.match === 'near' ? table.near(q, p) : table.exact(q, p)) ?? 'false') : null;
  const limit = p(page.limit + 1);
  if (!match) {
    return {
      walk: `SELECT ${columns} FROM ${table.from} WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ${limit}`,
      matches: null,
      params,
    };
  }
  return {
    // A common word: the first rows of the order (its index) hold a page of matches.
    walk: `SELECT * FROM (
         SELECT ${columns}, ${rank ?? 'NULL::bigint'} AS walk_rank, ${key} AS walk_key, ${ident} AS walk_ident,
                ${match} AS hit
           FROM ${table.from} WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ${SEARCH_WALK_ROWS}
       ) walked WHERE hit ORDER BY walk_rank, walk_key, walk_ident LIMIT ${limit}`,
    // A rarer one: the search indexes find the matches, then they are ordered (an order the index of
    // the order cannot give, so the planner does not walk the whole order for a few matches).
    matches: `SELECT ${columns} FROM ${table.from} WHERE ${[...where, match].join(' AND ')}
          ORDER BY ${rank ? `${rank} + 0, ` : ''}${key} || '', ${ident} LIMIT ${limit}`,
    params,
  };
}

/**
 * The rows after the cursor's item: by rank first in a ranked sort (a vendor item's null rank follows
 * every community item), then by sort key, and by ident where the kind and catalog are the item's own.
 * Written as one row comparison, which the index of the order reads as its start.
 */
function afterClause(
  kind: ListingKind,
  after: SearchAfter,
  order: { rank: string | null; key: string; ident: string },
  p: Param,
): string {
  if (order.rank !== null && (after.rank ?? null) === null) return 'false';
  const position = startsAfter(kind, 'community', after);
  const afterKey = `${p(after.key)}::text COLLATE "C"`;
  const left = order.rank === null ? [order.key] : [order.rank, order.key];
  // As bigint: a rank past a column's integer range (a cursor made by hand) compares, never fails.
  const right = order.rank === null ? [afterKey] : [`${p(after.rank)}::bigint`, afterKey];
  if (position === 'same') {
    left.push(order.ident);
    right.push(`${p(after.ident)}::text COLLATE "C"`);
  }
  return `(${left.join(', ')}) ${position === 'after' ? '>=' : '>'} (${right.join(', ')})`;
}

async function communityPage(
  db: Executor,
  table: ListingTable,
  viewerId: string | null,
  request: CommunityPageRequest,
): Promise<ListingSearchHit[]> {
  const { walk, matches, params } = communityPageQueries(table, viewerId, request);
  let rows = await db.query<Row[]>(walk, params);
  if (matches && rows.length <= request.page.limit) rows = await db.query<Row[]>(matches, params);
  return rows.map((row) => ({
    kind: table.kind,
    catalog: 'community',
    id: row.id,
    slug: row.slug ?? slugOfName(row.name),
    name: row.name,
    summary: summaryOf(row.description),
    category: row.category,
    counts: { likes: Number(row.likes), deploys: Number(row.deploys) },
    published: row.published,
    status: row.status,
    rank: row.rank === null ? null : Number(row.rank),
    sortKey: row.sort_key,
  }));
}

function vendorPage(
  kind: ListingKind,
  vendor: VendorListing[],
  q: string,
  category: string | undefined,
  page: Page,
): ListingSearchHit[] {
  const position = page.after ? startsAfter(kind, 'vendor', page.after) : null;
  return vendor
    .filter((item) => !category || item.category?.toLowerCase() === category.toLowerCase())
    .filter((item) =>
      page.match === 'near'
        ? matchesWords(q, ...vendorFields(item))
        : matchesExactWords(q, ...vendorFields(item)),
    )
    .map((item): ListingSearchHit => ({
      kind,
      catalog: 'vendor',
      id: null,
      slug: item.slug,
      name: item.name,
      summary: summaryOf(item.summary),
      category: item.category,
      counts: null,
      published: true,
      status: 'published',
      rank: null,
      sortKey: item.name.toLowerCase(),
    }))
    .filter((hit) => {
      if (!page.after) return true;
      // A community item's cursor in a ranked sort: every vendor item follows it.
      if ((page.after.rank ?? null) !== null) return true;
      const byKey = compareBytes(hit.sortKey, page.after.key);
      if (position === 'before') return byKey > 0;
      if (position === 'after') return byKey >= 0;
      return byKey > 0 || (byKey === 0 && compareBytes(hit.slug, page.after.ident) > 0);
    });
}

/**
 * Where the items of one kind and catalog stand, for equal sort keys, against the cursor's item:
 * `before` (only greater keys follow it), `same` (the ident decides) or `after` (equal keys follow).
 */
function startsAfter(
  kind: ListingKind,
  catalog: ListingCatalog,
  after: SearchAfter,
): 'before' | 'same' | 'after' {
  const order = compareBytes(kind, after.kind) || compareBytes(catalog, after.catalog);
  return order < 0 ? 'before' : order === 0 ? 'same' : 'after';
}

/** The words a vendor item is found by. */
const vendorFields = (item: VendorListing): string[] => [item.name, item.summary, item.category ?? ''];

export type { SearchMatch };
