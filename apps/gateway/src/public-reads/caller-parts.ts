import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import {
  type CallerChangedEvent,
  CallerEvents,
  CatalogCallerStateRpc,
  type ListingKind,
  LISTING_KINDS,
  type RequestContext,
  RulesetsCallerStateRpc,
  type UserCaller,
} from '@pc/contracts';
import { BusClient, createLogger } from '@pc/platform';
import { type ContentChange, type ContentScope, ContentVersions } from './content-versions';

const log = createLogger('gateway');

/** Users a replica remembers as having written a moment ago. */
const USERS = 10_000;
/** Bytes the kept parts may take (an id costs about 100 in a Set; a part at most the catalog's maxima). */
const PARTS_BYTES = 16 * 1024 * 1024;
const ID_BYTES = 100;
const PART_OVERHEAD = 300;
/** Parts scanned for an item's owner on a change of some items; past it, every part is dropped. */
const SCANNED_PARTS = 1000;
/** A change of some items does not end every part (`changed` drops their owners'). */
const PARTS_SCOPE: ContentScope = 'base';
/** How long a write's answer waits, at most, for the news of it to be on its way to the other replicas. */
const ANNOUNCE_MS = 500;
/**
 * How long a user who wrote reads what their write shows in from the services, on every replica:
 * longer than a service's change event takes to reach the replicas (milliseconds), so that the shared
 * answers they are then given show their write.
 */
export const FRESH_AFTER_WRITE_MS = 5000;
/** A user's writes remembered for `FRESH_AFTER_WRITE_MS` (past it, a write of any content is assumed). */
const WRITES_PER_USER = 50;

/**
 * A user's write, as far as their reads must see it: of one item (`item`), showing as far as `reach`
 * says (`ChangeReach`), or of any content (`item` absent); and when.
 */
export interface RecentWrite extends Omit<CallerChangedEvent, 'userId'> {
  at: number;
}

/** Where each kind's callers' parts are read. */
const STATE_OF = { policy: CatalogCallerStateRpc.get, ruleset: RulesetsCallerStateRpc.get } as const;

/** A signed-in user's own part of the public reads of one kind, as its service told it. */
export interface CallerPart {
  liked: ReadonlySet<string>;
  /** Null when they own more than the service tells: an answer's owner says whether it is theirs. */
  owned: ReadonlySet<string> | null;
  ownsUnpublished: boolean;
  /** False when the caller likes more than the service tells: their reads go to the services. */
  complete: boolean;
  /** The ETag the part was read under: it holds while the content's version and period do. */
  tag: string;
}

/**
 * The per-user store of signed-in reads made from shared ones: for each user and kind, the policies or
 * rulesets they like and own, read from the catalog or the rulesets service and kept while the content's version holds (every change event, a
 * lost connection and the end of the TTL period drop every part, as they drop the response cache).
 * A write by a user through any replica drops that user's part in every replica at once (a broadcast
 * flushed before the write is answered) and has their reads made by the services for
 * `FRESH_AFTER_WRITE_MS`: the user reads their own write through any replica.
 * A user's write names its item and how far it shows (`RecentWrite`): their reads of that item, and of
 * the lists it shows in, are made by the services for that time; a write of no one item, all their reads.
 * Administrators and users with more likes than the catalog tells get no part: their reads go to the
 * services; a user who owns more than it tells gets a part without the owned ids (`owned` null).
 * Parts are bounded in bytes (least recently used out first).
 */
@Injectable()
export class CallerParts implements OnApplicationBootstrap {
  private readonly kept = new LRUCache<string, CallerPart>({
    maxSize: PARTS_BYTES,
    sizeCalculation: (part) => (part.liked.size + (part.owned?.size ?? 0)) * ID_BYTES + PART_OVERHEAD,
  });
  /** Each user's writes of the last `FRESH_AFTER_WRITE_MS`, and how many they made (a part read across one is not kept). */
  private readonly writers = new LRUCache<string, { writes: RecentWrite[]; count: number }>({
    max: USERS,
    ttl: FRESH_AFTER_WRITE_MS,
  });
  private readonly reading = new Map<string, Promise<CallerPart | undefined>>();
  /** Parts read from the catalog (tests and the benchmark read it). */
  reads = 0;

  constructor(
    private readonly bus: BusClient,
    private readonly versions: ContentVersions,
  ) {
    versions.onChange((change) => this.changed(change));
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.bus.subscribeBroadcast(CallerEvents.changed, ({ userId, item, reach }) =>
      this.forget(userId, { item, reach }),
    );
  }

  /** The caller's part of `kind`'s reads, or undefined when their reads must come from the services. */
  async partOf(ctx: RequestContext, caller: UserCaller, kind: ListingKind): Promise<CallerPart | undefined> {
    if (caller.isAdmin) return undefined;
    const key = `${kind}:${caller.userId}`;
    const kept = this.kept.get(key);
    if (kept && this.holds(kept)) return kept.complete ? kept : undefined;
    let read = this.reading.get(key);
    if (!read) {
      read = this.read(ctx, caller.userId, kind).finally(() => this.reading.delete(key));
      this.reading.set(key, read);
    }
    return read;
  }

  /** Whether `part` is still of the current content (compare after a read that used it). */
  holds(part: CallerPart): boolean {
    return part.tag === this.versions.currentTag(PARTS_SCOPE);
  }

  /** The writes `userId` made in the last `FRESH_AFTER_WRITE_MS` (on any replica). */
  recentWrites(userId: string): readonly RecentWrite[] {
    const since = Date.now() - FRESH_AFTER_WRITE_MS;
    return this.writers.get(userId)?.writes.filter((write) => write.at > since) ?? [];
  }

  /**
   * A change of any content drops every part. A change of some items drops the parts of their owners
   * (a review, a take-down or a transfer changes what an owner sees, and is not the owner's write), and
   * when it shows in lists (a status, an owner) the parts whose owned ids are not told;
   * a like is its user's own write, which drops their part at once (`wrote`).
   */
  private changed(change: ContentChange): void {
    const items = change.items;
    if (!items || this.kept.size > SCANNED_PARTS) {
      this.kept.clear();
      return;
    }
    for (const [key, part] of this.kept.entries()) {
      const owned = part.owned;
      if (owned ? items.some((item) => owned.has(item)) : change.reach === 'lists') this.kept.delete(key);
    }
  }

  /**
   * `userId` wrote through this replica: their part is dropped here and, before this resolves, the
   * news is on its way to every replica.
   */
  async wrote(ctx: RequestContext, userId: string, write: Omit<RecentWrite, 'at'>): Promise<void> {
    this.forget(userId, write);
    // Without NATS (or when it is slow) the other replicas see the write when the service's change
    // event reaches them; the write's answer does not wait longer than ANNOUNCE_MS for it.
    if (!this.bus.connected) return;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.bus.emitFlushed(CallerEvents.changed, ctx, { userId, ...write }),
        new Promise((resolve) => (timer = setTimeout(resolve, ANNOUNCE_MS))),
      ]);
    } catch (error) {
      log.warn({ err: error, requestId: ctx.requestId }, 'a write could not be announced to the replicas');
    } finally {
      clearTimeout(timer);
    }
  }

  private forget(userId: string, write: Omit<RecentWrite, 'at'>): void {
    for (const kind of LISTING_KINDS) this.kept.delete(`${kind}:${userId}`);
    const since = Date.now() - FRESH_AFTER_WRITE_MS;
    const before = this.writers.get(userId);
    const writes = (before?.writes ?? []).filter((w) => w.at > since);
    // Too many to tell apart: one write of any content stands for them.
    const recent: RecentWrite = { item: write.item, reach: write.reach, at: Date.now() };
    this.writers.set(userId, {
      writes: writes.length < WRITES_PER_USER ? [...writes, recent] : [{ at: recent.at }],
      count: (before?.count ?? 0) + 1,
    });
  }

  private async read(
    ctx: RequestContext,
    userId: string,
    kind: ListingKind,
  ): Promise<CallerPart | undefined> {
    const tag = this.versions.currentTag(PARTS_SCOPE);
    const writes = this.writers.get(userId)?.count ?? 0;
    this.reads++;
    let state;
    try {
      state = await this.bus.request(STATE_OF[kind], ctx, {});
    } catch (error) {
      log.warn({ err: error, requestId: ctx.requestId }, "a caller's part could not be read");
      return undefined;
    }
    // Written meanwhile, or from before a change: not kept, and this read goes to the service.
    if ((this.writers.get(userId)?.count ?? 0) !== writes) return undefined;
    // Owning more than the service tells, a user still gets a part (an answer's owner says what is theirs).
    const likedComplete = state.complete || state.likedComplete === true;
    const part: CallerPart = {
      liked: new Set(state.liked),
      owned: state.complete ? new Set(state.owned) : null,
      ownsUnpublished: state.ownsUnpublished,
      complete: likedComplete,
      tag,
    };
    if (!this.holds(part)) return undefined;
    // An incomplete part is kept too (without its ids), so that the next reads do not ask again.
    const key = `${kind}:${userId}`;
    if (!part.complete) {
      this.kept.set(key, { ...part, liked: new Set(), owned: null });
      return undefined;
    }
    this.kept.set(key, part);
    return part;
  }
}

/** Where the liked items of an answer are: one (`policy`, `ruleset`) or a list (`policies`, `rulesets`). */
export type LikedIn = 'policy' | 'policies' | 'ruleset' | 'rulesets';

const LIKED_FALSE = Buffer.from('"liked":false');
const FALSE = 5;
const TRUE = Buffer.from('true');
/** Where each item's `"liked":false` is in a shared answer: per answer, found once. */
const likedOffsets = new WeakMap<Buffer, Array<{ id: string; at: number }> | null>();

/**
 * A shared (anonymous) answer with `liked` true on the items `liked` names. `likedIn` is where the
 * items are (`policy`: one, `policies`: a list). Null when the answer is not what an anonymous read
 * gives (an item already liked, or `"liked":false` found elsewhere than once per item): the caller's
 * read then goes to the service. The bytes are spliced, not parsed and serialised again: in JSON
 * text, `"liked":false` with unescaped quotes is a key and its value (a string escapes its quotes),
 * and each item's own is found in order.
 */
export function withLikes(
  body: Buffer,
  likedIn: LikedIn | undefined,
  liked: ReadonlySet<string>,
): Buffer | null {
  if (!likedIn) return body;
  let offsets = likedOffsets.get(body);
  if (offsets === undefined) {
    offsets = findLiked(body, likedIn);
    likedOffsets.set(body, offsets);
  }
  if (offsets === null) return null;
  const parts: Buffer[] = [];
  let from = 0;
  for (const { id, at } of offsets) {
    if (!liked.has(id)) continue;
    parts.push(body.subarray(from, at), TRUE);
    from = at + FALSE;
  }
  if (parts.length === 0) return body;
  parts.push(body.subarray(from));
  return Buffer.concat(parts);
}

/** The owner of one item's shared answer, per answer (found once). */
const owners = new WeakMap<Buffer, string | null>();

/**
 * The owner (`owner_id`) of the item of a shared answer of one (`likedIn` `policy` or `ruleset`), or
 * undefined when it has none to tell (a list, a documentation or history answer).
 */
export function ownerOf(body: Buffer, likedIn: LikedIn | undefined): string | undefined {
  if (likedIn !== 'policy' && likedIn !== 'ruleset') return undefined;
  let owner = owners.get(body);
  if (owner === undefined) {
    const item = (JSON.parse(body.toString('utf8')) as Record<string, { owner_id?: unknown } | undefined>)[
      likedIn
    ];
    owner = typeof item?.owner_id === 'string' ? item.owner_id : null;
    owners.set(body, owner);
  }
  return owner ?? undefined;
}

function findLiked(body: Buffer, likedIn: LikedIn): Array<{ id: string; at: number }> | null {
  const answer = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
  const found = answer[likedIn];
  const one = likedIn === 'policy' || likedIn === 'ruleset';
  const items = (one ? [found] : Array.isArray(found) ? found : []) as unknown[];
  const likeable = items.filter(
    (item): item is { id: string; liked: unknown } =>
      typeof item === 'object' && item !== null && 'liked' in item && 'id' in item,
  );
  if (likeable.some((item) => item.liked !== false)) return null;
  const at: number[] = [];
  for (let i = body.indexOf(LIKED_FALSE); i >= 0; i = body.indexOf(LIKED_FALSE, i + 1)) {
    at.push(i + LIKED_FALSE.length - FALSE);
  }
  if (at.length !== likeable.length) return null;
  return likeable.map((item, i) => ({ id: item.id, at: at[i] }));
}
