import path from 'node:path';
import type { OnModuleInit } from '@nestjs/common';
import type { RequestContext, SortOrder } from '@pc/contracts';
import {
  badRequest,
  bestMatches,
  createLogger,
  encodeKeyset,
  fitToBudget,
  type Keyset,
  notFound,
  requireAdmin,
} from '@pc/platform';
import { loadVendorFolder, requiredSlug, requiredString, type VendorEntry } from '@pc/vendor-index';
import type { ListingServiceEnv } from '../source/listing-service.env';

/** A list's filter: the words every item must match (name or summary), and the kind's own fields. */
export interface VendorFilter {
  q?: string;
}

/**
 * Which page of a vendor list: vendor items have no submission date, likes nor views, so every list of
 * them is by name (then slug), `order` ascending (the default) or descending; from `offset`, or after the
 * entry a cursor names (`after`, decoded with `cursorKind(order)`).
 */
export interface VendorPageRequest {
  order?: SortOrder;
  limit: number;
  offset: number;
  after?: Keyset | null;
}

/** A page of vendor summaries: at most `limit` and the reply budget; the next page's cursor when more follow. */
export interface VendorPage<Summary> {
  items: Summary[];
  hasMore: boolean;
  nextCursor: string | null;
}

/**
 * A kind's shelf of the vendor index: its folder, how an entry file is read beyond the fields every entry
 * has (slug, name, summary, body), which entries a list's filter keeps, and what a list and an item show.
 */
export interface VendorShelf<Fields, Filter extends VendorFilter, Summary, Item> {
  /** The kind's folder in the vendor index (`policies`, `rulesets`). */
  readonly folder: string;
  /** What a 404 names (`Vendor policy`). */
  readonly label: string;
  /** The service whose logger reports skipped entries. */
  readonly service: string;
  /** The kind's fields of an entry file, checked before the fields every entry has; throws to skip it. */
  read(raw: Record<string, unknown>): Fields;
  /** Reads the files an entry names (a ruleset's profile), reporting a failure in `errors`. */
  attach?(entry: VendorEntry & Fields, folder: string, errors: string[]): Promise<VendorEntry & Fields>;
  /** Whether an entry passes the kind's fields of a list's filter (the words are the kernel's). */
  keeps(entry: VendorEntry & Fields, filter: Filter): boolean;
  summary(entry: VendorEntry & Fields): Summary;
  item(entry: VendorEntry & Fields): Item;
}

/**
 * A kind's vendor items, held in memory: loaded at start, swapped whole on reload so readers never see a
 * half-loaded index; a bad file is reported and skipped, never taking the others down. A slug that left
 * the index is a 404. Each kind's service extends it with its shelf (`VendorCatalog`, `VendorRulesets`).
 */
export class VendorIndex<Fields, Filter extends VendorFilter, Summary, Item> implements OnModuleInit {
  private entries = new Map<string, VendorEntry & Fields>();

  /**
   * A vendor item as a list shows it: what every kind's shows first (that it is the vendor's, its slug,
   * name and summary), then the kind's own fields.
   */
  static summaryOf<Own>(
    entry: VendorEntry,
    own: Own,
  ): { source: 'vendor'; slug: string; name: string; summary: string } & Own {
    return { source: 'vendor', slug: entry.slug, name: entry.name, summary: entry.summary, ...own };
  }

  constructor(
    private readonly env: ListingServiceEnv,
    private readonly shelf: VendorShelf<Fields, Filter, Summary, Item>,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.load();
  }

  /** An administrator's reload of the index (`load`). */
  reload(ctx: RequestContext): Promise<{ count: number; errors: string[] }> {
    requireAdmin(ctx);
    return this.load();
  }

  /** Reads the kind's folder again and swaps it in: how many entries it holds, and the files skipped. */
  async load(): Promise<{ count: number; errors: string[] }> {
    const folder = path.join(this.env.VENDOR_INDEX_DIR, this.shelf.folder);
    const loaded = await loadVendorFolder(folder, (raw) => ({ ...this.shelf.read(raw), ...common(raw) }));
    const entries = new Map<string, VendorEntry & Fields>();
    for (const [slug, entry] of loaded.entries)
      entries.set(slug, this.shelf.attach ? await this.shelf.attach(entry, folder, loaded.errors) : entry);
    this.entries = entries;
    if (loaded.errors.length > 0)
      createLogger(this.shelf.service).warn({ errors: loaded.errors }, 'vendor index entries skipped');
    return { count: entries.size, errors: loaded.errors };
  }

  /** The entries the filter keeps, by name: with words, the exact matches alone when there are any, else the near ones. */
  list(filter: Filter): Summary[] {
    return this.kept(filter, 'asc').map((entry) => this.shelf.summary(entry));
  }

  /**
   * A page of the entries the filter keeps, in the request's order: from its offset, or after the entry its
   * cursor names (the next one in that order, even when a reload removed the one named).
   */
  page(filter: Filter, request: VendorPageRequest): VendorPage<Summary> {
    const order = request.order ?? 'asc';
    const sorted = this.kept(filter, order);
    let from = request.offset;
    if (request.after) {
      const named = positionOf(request.after);
      from = sorted.findIndex((entry) => inOrder(order)(entry, named) > 0);
      if (from < 0) from = sorted.length;
    }
    const entries = sorted.slice(from, from + request.limit);
    const items = fitToBudget(entries.map((entry) => this.shelf.summary(entry)));
    const hasMore = sorted.length > from + items.length;
    const last = entries[items.length - 1];
    const nextCursor =
      hasMore && last
        ? encodeKeyset(this.cursorKind(order), { key: JSON.stringify([last.name, last.slug]), id: NO_ID })
        : null;
    return { items, hasMore, nextCursor };
  }

  /**
   * The kind of the cursors of a page in `order` (`decodeKeyset`): a cursor of one order is refused in the
   * other. The ascending one is the kind cursors had before lists took an order, so those still work.
   */
  cursorKind(order: SortOrder): string {
    return order === 'desc' ? `${this.shelf.folder}:vendor:desc` : `${this.shelf.folder}:vendor`;
  }

  get(slug: string): Item {
    return this.shelf.item(this.entry(slug));
  }

  /** The entries the filter keeps, in `order`: with words, the exact matches alone when there are any, else the near ones. */
  private kept(filter: Filter, order: SortOrder): Array<VendorEntry & Fields> {
    const kept = [...this.entries.values()].filter((entry) => this.shelf.keeps(entry, filter));
    return [...bestMatches(kept, filter.q, (entry) => [entry.name, entry.summary])].sort(inOrder(order));
  }

  /** The entry of a slug; 404 when the index has none. */
  protected entry(slug: string): VendorEntry & Fields {
    const entry = this.entries.get(slug);
    if (!entry) throw notFound(this.shelf.label);
    return entry;
  }
}

/** Vendor entries have no id: a cursor's key is the last entry's name and slug, its id this. */
const NO_ID = '00000000-0000-0000-0000-000000000000';

type Position = { name: string; slug: string };

/** By name, then slug (a slug is unique: a total order), or the other way round. */
function inOrder(order: SortOrder): (a: Position, b: Position) => number {
  const sign = order === 'desc' ? -1 : 1;
  return (a, b) => sign * (a.name.localeCompare(b.name) || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
}

/** The name and slug a vendor cursor carries; 400 for a key this index did not write. */
function positionOf(after: Keyset): Position {
  let key: unknown;
  try {
    key = JSON.parse(after.key);
  } catch {
    key = null;
  }
  if (!Array.isArray(key) || key.length !== 2 || !key.every((part) => typeof part === 'string')) {
    throw badRequest('Invalid cursor', [
      { field: 'cursor', message: 'is not a nextCursor this API returned for the same list and order' },
    ]);
  }
  return { name: key[0], slug: key[1] };
}

function common(raw: Record<string, unknown>): VendorEntry {
  return {
    slug: requiredSlug(raw),
    name: requiredString(raw, 'name'),
    summary: requiredString(raw, 'summary'),
    body_md: requiredString(raw, 'body_md'),
  };
}
