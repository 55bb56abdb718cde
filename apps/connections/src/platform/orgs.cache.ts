import { Injectable } from '@nestjs/common';
import { ConnectionsEnv } from '../connections.env';

interface Entry<T> {
  value: T;
  expiresAt: number;
}

/**
 * A short-lived, per-process cache of organization trees, keyed by connection id and its `updated_at`,
 * so a change of credentials (on any replica) is never served a stale tree.
 */
@Injectable()
export class OrgsCache {
  private readonly entries = new Map<string, Entry<unknown>>();
  private readonly ttlMs: number;

  constructor(env: ConnectionsEnv) {
    this.ttlMs = env.CONNECTIONS_ORGS_CACHE_TTL_SECONDS * 1000;
  }

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value as T;
    const value = await load();
    if (this.ttlMs > 0) {
      if (this.entries.size >= 10_000) this.sweep(now);
      this.entries.set(key, { value, expiresAt: now + this.ttlMs });
    }
    return value;
  }

  forget(connectionId: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(`${connectionId}@`)) this.entries.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
    if (this.entries.size >= 10_000) this.entries.clear();
  }
}
