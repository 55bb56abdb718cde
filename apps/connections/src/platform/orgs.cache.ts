import { Injectable } from '@nestjs/common';
import { ConnectionsEnv } from '../connections.env';

/**
 * What the organizations cache holds at most, all its entries together, each measured as its JSON (UTF-8
 * bytes): some 14 maximal trees (`orgsMax` organizations with the longest IDs, names and paths the service
 * reads, some 2.3 MB each, which any custom domain may answer) or thousands of usual ones. Past it the
 * oldest entries are forgotten; an entry larger than all of it is not kept.
 */
export const ORGS_CACHE_MAX_BYTES = 32 * 1024 * 1024;

/** And at most this many entries, however small. */
export const ORGS_CACHE_MAX_ENTRIES = 10_000;

interface Entry<T> {
  value: T;
  expiresAt: number;
  /** Its size as JSON (UTF-8 bytes), counted against `ORGS_CACHE_MAX_BYTES`. */
  bytes: number;
}

/**
 * A short-lived, per-process cache of organization trees, keyed by connection id and its `updated_at`,
 * so a change of credentials (on any replica) is never served a stale tree. Bounded in entries and in
 * bytes (`ORGS_CACHE_MAX_ENTRIES`, `ORGS_CACHE_MAX_BYTES`): a new entry first drops the expired ones, then
 * the oldest, until it fits.
 */
@Injectable()
export class OrgsCache {
  private readonly entries = new Map<string, Entry<unknown>>();
  private readonly ttlMs: number;
  private held = 0;

  constructor(env: ConnectionsEnv) {
    this.ttlMs = env.CONNECTIONS_ORGS_CACHE_TTL_SECONDS * 1000;
  }

  /** The bytes its entries hold together (as JSON), at most `ORGS_CACHE_MAX_BYTES`. */
  get bytes(): number {
    return this.held;
  }

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value as T;
    const value = await load();
    if (this.ttlMs > 0) this.keep(key, value, now);
    return value;
  }

  forget(connectionId: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(`${connectionId}@`)) this.drop(key);
  }

  private keep(key: string, value: unknown, now: number): void {
    this.drop(key);
    const bytes = Buffer.byteLength(JSON.stringify(value));
    if (bytes > ORGS_CACHE_MAX_BYTES) return;
    const fits = () =>
      this.entries.size < ORGS_CACHE_MAX_ENTRIES && this.held + bytes <= ORGS_CACHE_MAX_BYTES;
    if (!fits()) for (const [old, entry] of this.entries) if (entry.expiresAt <= now) this.drop(old);
    // The oldest first: a Map iterates in the order its keys were set.
    for (const old of this.entries.keys()) {
      if (fits()) break;
      this.drop(old);
    }
    this.entries.set(key, { value, expiresAt: now + this.ttlMs, bytes });
    this.held += bytes;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.held -= entry.bytes;
  }
}
