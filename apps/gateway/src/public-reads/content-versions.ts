import { randomUUID } from 'node:crypto';
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { type ChangeReach, type ContentChangedEvent, ContentEvents, IdentityEvents } from '@pc/contracts';
import { BusClient } from '@pc/platform';
import { GatewayEnv } from '../gateway.env';

/** Change notices remembered, to ignore each replica's copy of a change heard already. */
const SEEN = 1024;
/** Items whose last change a replica remembers; when one is forgotten, every read is renewed. */
const ITEMS = 100_000;
/** Changes of some items' rows remembered, to tell whether a list read meanwhile holds one of them. */
const RECENT_ROWS = 1024;

/**
 * What a read shows: one policy's or ruleset's own content (`item`), or any (lists, searches); `base`:
 * what only a change of any content alters (a signed-in caller's part).
 */
export type ContentScope = { item: string } | 'any' | 'base';

/**
 * A change: of the items named, as far as `reach` says (`ChangeReach`; absent: every list), or of any
 * content (`items` undefined).
 */
export type ContentChange = { version: string; items?: readonly string[]; reach?: ChangeReach };

/** Where the lists stand: what a list read must find unchanged to be kept (`ContentVersions.lists`). */
export interface ListsMark {
  /** The version of what every list shows (names, statuses, which items: changes of reach `lists`). */
  lists: string;
  /** The version of the counts the lists sorted by a count order by (changes of reach `rows` too). */
  counts: string;
  /** The number of changes heard so far: `rowsChangedSince` tells which of them a list holds. */
  seq: number;
}

/**
 * What this replica knows of the versions of public content. Every change the catalog or the rulesets
 * service announces (the committing transaction, the same in every replica) is a new version of `any`
 * content (lists and searches show every item); a change confined to some items (`items`) is also the
 * new version of those items only, and reads of other items keep theirs. A change of any content (an
 * announcement without items, a user's new name, a lost connection to NATS: changes may have been
 * missed) renews every item's. How far a change of some items shows beyond their own reads (`ChangeReach`)
 * tells the lists apart: `listsMark` moves with a change of what lists hold or of the counts some are
 * sorted by, and `rowsChangedSince` names the changes of some items' rows, so that the response cache
 * keeps a list no change showed in. A write this replica forwarded counts at once, before its event, with a
 * version of its own. An ETag is a scope's version and the current TTL period (`<version>.<period>`): a
 * change, a lost connection or the end of the period gives the reads it concerns a new tag, so a tag
 * is never given to two different contents, and what a lost event leaves stale is renewed within
 * `RESPONSE_CACHE_TTL_MS`. Listeners (the response cache, the callers' parts) are told of every change.
 */
@Injectable()
export class ContentVersions implements OnApplicationBootstrap {
  /** The version of any content: the last change. */
  private latest = local();
  /** The version every item has unless it changed alone since: the last change of any content. */
  private base = this.latest;
  private readonly items = new LRUCache<string, string>({
    max: ITEMS,
    // An item forgotten may have changed since `base`: every read is renewed rather than risk its tag.
    disposeAfter: (_version, _item, reason) => {
      if (reason === 'evict') this.changed({ version: local() });
    },
  });
  private readonly seen = new LRUCache<string, true>({ max: SEEN });
  /** Lists: see `ListsMark`. */
  private listsVersion = this.latest;
  private countsVersion = this.latest;
  private seq = 0;
  /** The items of the last `RECENT_ROWS` changes of reach `rows`, by their `seq`. */
  private readonly recentRows: Array<{ seq: number; items: readonly string[] }> = [];
  /** The `seq` of the last change of reach `rows` no longer in `recentRows`. */
  private forgottenRows = 0;
  private readonly listeners: Array<(change: ContentChange) => void> = [];
  private readonly periodMs: number;

  constructor(
    private readonly bus: BusClient,
    env: GatewayEnv,
  ) {
    this.periodMs = env.RESPONSE_CACHE_TTL_MS;
  }

  async onApplicationBootstrap(): Promise<void> {
    const heard = (data: ContentChangedEvent) => this.changed(data);
    await this.bus.subscribeBroadcast(ContentEvents.catalogChanged, heard);
    await this.bus.subscribeBroadcast(ContentEvents.rulesetsChanged, heard);
    // Owners' names are part of every policy and ruleset read.
    await this.bus.subscribeBroadcast(IdentityEvents.userUpdated, () => this.changed({ version: local() }));
    this.bus.onConnectionChange(() => this.changed({ version: local() }));
  }

  /** The version of what `scope` shows: compare before and after a read to know it is of one version. */
  versionOf(scope: ContentScope): string {
    if (scope === 'any') return this.latest;
    if (scope === 'base') return this.base;
    return this.items.get(scope.item) ?? this.base;
  }

  /** Where the lists stand now. */
  listsMark(): ListsMark {
    return { lists: this.listsVersion, counts: this.countsVersion, seq: this.seq };
  }

  /**
   * Whether a change of reach `rows` heard since `seq` named one of `items` (true too when the changes
   * since then are no longer all remembered).
   */
  rowsChangedSince(seq: number, items: ReadonlySet<string>): boolean {
    if (this.forgottenRows > seq) return true;
    const recent = this.recentRows;
    for (let i = recent.length - 1; i >= 0 && recent[i].seq > seq; i--) {
      if (recent[i].items.some((item) => items.has(item))) return true;
    }
    return false;
  }

  /** The current TTL period (part of every ETag). */
  period(now = Date.now()): number {
    return Math.floor(now / this.periodMs);
  }

  /** The strong ETag of a read made entirely at version `version`, in the current period. */
  tagOf(version: string, now = Date.now()): string {
    return `"${version}.${this.period(now)}"`;
  }

  /** The current ETag of reads of `scope`. */
  currentTag(scope: ContentScope): string {
    return this.tagOf(this.versionOf(scope));
  }

  /**
   * A change (announced, or a write through this replica, with a version of its own unless given);
   * a notice heard before is ignored.
   */
  changed(change: Partial<ContentChange> = {}): void {
    const version = change.version ?? local();
    const reach = change.items ? (change.reach ?? 'lists') : undefined;
    const notice = change.items ? `${version}:${change.items.join(',')}:${reach}` : version;
    if (this.seen.has(notice)) return;
    this.seen.set(notice, true);
    this.latest = version;
    this.seq++;
    if (change.items) {
      for (const item of change.items) this.items.set(item, version);
    } else {
      this.base = version;
      this.items.clear();
    }
    if (reach === 'rows') {
      this.countsVersion = version;
      this.recentRows.push({ seq: this.seq, items: change.items! });
      if (this.recentRows.length > RECENT_ROWS) this.forgottenRows = this.recentRows.shift()!.seq;
    } else if (reach !== 'item') {
      this.listsVersion = version;
      this.countsVersion = version;
    }
    const heard: ContentChange = change.items ? { version, items: change.items, reach } : { version };
    for (const listener of this.listeners) listener(heard);
  }

  onChange(listener: (change: ContentChange) => void): void {
    this.listeners.push(listener);
  }
}

/** A version only this replica gives out (never one a service announces: those start with c or r). */
function local(): string {
  return `g${randomUUID().replace(/-/g, '').slice(0, 16)}`;
}

/** The kinds whose items have reads of their own: `/api/{kind}/{id}...`. */
const ITEM_KINDS: ReadonlySet<string> = new Set(['policies', 'rulesets']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What the URL of a public read shows, or a write through it may change: one policy's or ruleset's
 * content when the path is under its id (`/api/policies/{id}...`, `/api/rulesets/{id}...`), else any.
 * The path is read as the router reads it, each segment percent-decoded: `/api/policies/%61bc...` reads
 * the policy `abc...`, so it has that policy's scope (read as any, its cached answer outlived a change
 * of the policy alone). A segment that does not decode is no route's: any.
 */
export function scopeOf(url: string): { item: string } | 'any' {
  const query = url.indexOf('?');
  const [root, api, kind, id] = (query < 0 ? url : url.slice(0, query)).split('/', 4).map(decoded);
  return root === '' && api === 'api' && kind !== undefined && ITEM_KINDS.has(kind) && id && UUID.test(id)
    ? { item: id.toLowerCase() }
    : 'any';
}

/** A path segment percent-decoded, or undefined when it is not well formed. */
function decoded(segment: string): string | undefined {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
