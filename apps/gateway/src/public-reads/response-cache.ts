import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { GatewayEnv } from '../gateway.env';
import { type ContentChange, ContentVersions, type ListsMark, scopeOf } from './content-versions';

/** A cached answer: the JSON bytes as the service sent them, and the ETag they were read under. */
export interface CachedRead {
  body: Buffer;
  /** Absent when the content changed while the read was under way (then it is neither cached nor tagged). */
  tag?: string;
  /** A list's or a search's items (the ids in it): a change of other items' rows leaves it standing. */
  items?: ReadonlySet<string>;
}

/** A list's entry: where the lists stood when it was read, and in which period. */
interface ListEntry extends CachedRead {
  mark: ListsMark;
  period: number;
}

type Entry = CachedRead | ListEntry;

/** Bytes an entry costs beyond its body and key (the entry, the LRU's slots, the Buffer's header). */
const ENTRY_OVERHEAD = 200;
/** The orders of a list that no count decides: a change of some items' rows moves no item in them. */
const ORDERS_WITHOUT_COUNTS = new Set(['alpha', 'submitted', 'name', 'newest']);
/** An item's id in a list's answer (its own, or an idea it delivers: one too many only drops it sooner). */
const ITEM_ID = /"id":"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"/gi;

/** A read under way to fill an entry, and the tag current when it began. */
interface Filling {
  tag: string;
  read: Promise<CachedRead>;
}

/**
 * The replica's cache of anonymous public reads, keyed by the request's path and query: bounded in
 * bytes (least recently used out first), entries valid only while what they show did not change
 * (`ContentVersions`). A read of one policy or ruleset ends with a change of that item or of any
 * content; a list or a search with a change of what lists hold (a name, a status: reach `lists`), a
 * change of the rows of an item it holds (a count: reach `rows`), or, sorted by a count, with any
 * change of counts; a comment or a like's own row (reach `item`) leaves every list. Every entry ends
 * with the TTL period. Concurrent misses of one key and one tag share one request to the service: a
 * miss after a change (or in a new period) never joins a read begun before it, so a read after a write
 * shows the write once the event arrived. Nothing read for a signed-in caller is put here.
 */
@Injectable()
export class ResponseCache {
  readonly enabled: boolean;
  private readonly entries: LRUCache<string, Entry>;
  /** The keys of the list entries holding each item. */
  private readonly listsOf = new Map<string, Set<string>>();
  private readonly filling = new Map<string, Filling>();
  /** Requests sent to services to fill the cache (tests and the benchmark read it). */
  fills = 0;

  constructor(
    private readonly versions: ContentVersions,
    env: GatewayEnv,
  ) {
    this.enabled = env.RESPONSE_CACHE_ENABLED;
    this.entries = new LRUCache<string, Entry>({
      maxSize: env.RESPONSE_CACHE_MAX_BYTES,
      sizeCalculation: (entry, key) =>
        entry.body.byteLength + key.length * 2 + (entry.items?.size ?? 0) * 100 + ENTRY_OVERHEAD,
      dispose: (entry, key) => this.unindex(key, entry),
    });
    versions.onChange((change) => this.changed(change));
  }

  /** Bytes the entries take, as counted against `RESPONSE_CACHE_MAX_BYTES`. */
  get size(): number {
    return this.entries.calculatedSize;
  }

  get count(): number {
    return this.entries.size;
  }

  /** The entry for `key` if what it shows did not change since it was read, in the current period. */
  get(key: string): CachedRead | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.stands(key, entry)) return entry;
    this.entries.delete(key);
    return undefined;
  }

  /** The ETag a read of `key` has now: its standing entry's, else its scope's current one. */
  currentTag(key: string): string {
    return this.get(key)?.tag ?? this.versions.currentTag(scopeOf(key));
  }

  /**
   * Reads `key` through `read` (one request for every concurrent caller of the current tag), caching
   * the answer when the content did not change while it was read. Off: every caller reads for itself.
   */
  fill(key: string, read: () => Promise<Buffer>): Promise<CachedRead> {
    if (!this.enabled) return this.readAt(key, read);
    const tag = this.versions.currentTag(scopeOf(key));
    const under = this.filling.get(key);
    if (under?.tag === tag) return under.read;
    const filling: Filling = {
      tag,
      read: this.readAt(key, read)
        .then((entry) => {
          if (entry.tag) this.keep(key, entry);
          return entry;
        })
        .finally(() => {
          if (this.filling.get(key) === filling) this.filling.delete(key);
        }),
    };
    this.filling.set(key, filling);
    return filling.read;
  }

  private async readAt(key: string, read: () => Promise<Buffer>): Promise<Entry> {
    const scope = scopeOf(key);
    const version = this.versions.versionOf(scope);
    const now = Date.now();
    const mark = this.versions.listsMark();
    this.fills++;
    const body = await read();
    const tag = this.versions.tagOf(version, now);
    if (scope !== 'any' || !this.enabled) {
      // A change of what it shows heard meanwhile, or a new period: the answer may be of either version.
      const unchanged = this.versions.versionOf(scope) === version && this.versions.tagOf(version) === tag;
      return unchanged ? { body, tag } : { body };
    }
    const items = itemsOf(body);
    const entry: ListEntry = { body, tag, items, mark, period: this.versions.period(now) };
    return this.stands(key, entry) && !this.versions.rowsChangedSince(mark.seq, items)
      ? entry
      : { body, items };
  }

  /** Whether nothing `entry` shows changed since it was read (a list's rows: see `changed`). */
  private stands(key: string, entry: Entry): boolean {
    if (!('mark' in entry)) return entry.tag === this.versions.currentTag(scopeOf(key));
    const now = this.versions.listsMark();
    return (
      entry.period === this.versions.period() &&
      entry.mark.lists === now.lists &&
      (entry.mark.counts === now.counts || !sortedByCount(key))
    );
  }

  private keep(key: string, entry: Entry): void {
    this.entries.set(key, entry);
    for (const item of entry.items ?? []) {
      let keys = this.listsOf.get(item);
      if (!keys) this.listsOf.set(item, (keys = new Set()));
      keys.add(key);
    }
  }

  private unindex(key: string, entry: Entry): void {
    for (const item of entry.items ?? []) {
      const keys = this.listsOf.get(item);
      keys?.delete(key);
      if (keys?.size === 0) this.listsOf.delete(item);
    }
  }

  /** A change of some items' rows ends the lists holding one of them (the rest is `stands`'s). */
  private changed(change: ContentChange): void {
    if (change.reach !== 'rows') return;
    for (const item of change.items ?? []) {
      for (const key of [...(this.listsOf.get(item) ?? [])]) this.entries.delete(key);
    }
  }
}

/** The ids in a list's answer. */
function itemsOf(body: Buffer): Set<string> {
  const items = new Set<string>();
  for (const match of body.toString('latin1').matchAll(ITEM_ID)) items.add(match[1].toLowerCase());
  return items;
}

/** Whether the list `key` reads is ordered by a count (a like or a deploy may move its items). */
function sortedByCount(key: string): boolean {
  const query = key.indexOf('?');
  const sort = query < 0 ? null : new URLSearchParams(key.slice(query + 1)).get('sort');
  return sort !== null && !ORDERS_WITHOUT_COUNTS.has(sort);
}
