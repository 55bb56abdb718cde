import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { GatewayEnv } from '../gateway.env';
import { ContentVersions, scopeOf } from './content-versions';

/** A cached answer: the JSON bytes as the service sent them, and the ETag they were read under. */
export interface CachedRead {
  body: Buffer;
  /** Absent when the content changed while the read was under way (then it is neither cached nor tagged). */
  tag?: string;
}

/** Bytes an entry costs beyond its body and key (the entry, the LRU's slots, the Buffer's header). */
const ENTRY_OVERHEAD = 200;

/** A read under way to fill an entry, and the tag current when it began. */
interface Filling {
  tag: string;
  read: Promise<CachedRead>;
}

/**
 * The replica's cache of anonymous public reads, keyed by the request's path and query: bounded in
 * bytes (least recently used out first), entries valid only while the ETag they were read with is
 * their scope's current one (`ContentVersions`: a read of one policy or ruleset ends with a change of
 * that item or of any content, a list or a search with any change; every entry with the TTL period).
 * Concurrent misses of
 * one key and one tag share one request to the service: a miss after a change (or in a new period)
 * never joins a read begun before it, so a read after a write shows the write once the event arrived.
 * Nothing read for a signed-in caller is put here.
 */
@Injectable()
export class ResponseCache {
  readonly enabled: boolean;
  private readonly entries: LRUCache<string, CachedRead>;
  private readonly filling = new Map<string, Filling>();
  /** Requests sent to services to fill the cache (tests and the benchmark read it). */
  fills = 0;

  constructor(
    private readonly versions: ContentVersions,
    env: GatewayEnv,
  ) {
    this.enabled = env.RESPONSE_CACHE_ENABLED;
    this.entries = new LRUCache<string, CachedRead>({
      maxSize: env.RESPONSE_CACHE_MAX_BYTES,
      sizeCalculation: (entry, key) => entry.body.byteLength + key.length * 2 + ENTRY_OVERHEAD,
    });
  }

  /** Bytes the entries take, as counted against `RESPONSE_CACHE_MAX_BYTES`. */
  get size(): number {
    return this.entries.calculatedSize;
  }

  get count(): number {
    return this.entries.size;
  }

  /** The entry for `key` if it is of the current version and period. */
  get(key: string): CachedRead | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.tag === this.versions.currentTag(scopeOf(key))) return entry;
    this.entries.delete(key);
    return undefined;
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
          if (entry.tag) this.entries.set(key, entry);
          return entry;
        })
        .finally(() => {
          if (this.filling.get(key) === filling) this.filling.delete(key);
        }),
    };
    this.filling.set(key, filling);
    return filling.read;
  }

  private async readAt(key: string, read: () => Promise<Buffer>): Promise<CachedRead> {
    const scope = scopeOf(key);
    const version = this.versions.versionOf(scope);
    const now = Date.now();
    this.fills++;
    const body = await read();
    const tag = this.versions.tagOf(version, now);
    // A change of what it shows heard meanwhile, or a new period: the answer may be of either version.
    const unchanged = this.versions.versionOf(scope) === version && this.versions.tagOf(version) === tag;
    return unchanged ? { body, tag } : { body };
  }
}
