import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  type AuthenticateRequest,
  type Caller,
  IdentityEvents,
  IdentityRpc,
  type RequestContext,
} from '@pc/contracts';
import { BusClient } from '../messaging/bus-client';
import { hashSecret } from './token-format';

/** How long a successful look-up is reused (0: never); revocations evict at once either way. */
export interface CallerCacheOptions {
  ttlMs: number;
}
export const CALLER_CACHE_OPTIONS = Symbol('CALLER_CACHE_OPTIONS');

interface Entry {
  caller: Caller;
  until: number;
}

const MAX_ENTRIES = 50_000;
const TOMBSTONE_MS = 5 * 60_000;
/** The longest delay a Node timer takes; a later end is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Why a watched credential stopped being valid. */
export type CredentialEnd = 'revoked' | 'expired';

interface Watcher {
  onEnd: (why: CredentialEnd) => void;
  timer?: NodeJS.Timeout;
}

/**
 * Asks identity who a token or session belongs to, and remembers the answer briefly. A revocation
 * or sign-out is broadcast on the bus and evicts the entry in every replica of every edge (gateway,
 * tool server) at once; a tombstone keeps a look-up that was already in flight from putting it back.
 */
@Injectable()
export class CallerCache implements OnModuleInit {
  private readonly entries = new Map<string, Entry>();
  private readonly tombstones = new Map<string, number>();
  private readonly keyOfTokenId = new Map<string, string>();
  private readonly watchers = new Map<string, Set<Watcher>>();
  /** When each token or session looked up lately expires (ms since the epoch), cached or not. */
  private readonly expiries = new Map<string, number>();
  private clearedAt = 0;

  constructor(
    private readonly bus: BusClient,
    @Inject(CALLER_CACHE_OPTIONS) private readonly options: CallerCacheOptions,
  ) {}

  async onModuleInit(): Promise<void> {
    // Revocations broadcast while this gateway was cut off from NATS never reach it: forget every
    // cached answer when the connection is lost and again when it is back.
    this.bus.onConnectionChange(() => this.clear());
    await this.bus.subscribeBroadcast(IdentityEvents.tokenRevoked, (event) =>
      this.evict(`t:${event.tokenHash}`),
    );
    await this.bus.subscribeBroadcast(IdentityEvents.sessionEnded, (event) =>
      this.evict(`s:${event.sessionHash}`),
    );
  }

  /** Only the SHA-256 of the secret crosses the bus. */
  resolveToken(ctx: RequestContext, token: string): Promise<Caller> {
    const tokenHash = hashSecret(token);
    return this.resolve(ctx, `t:${tokenHash}`, { tokenHash });
  }

  resolveSession(ctx: RequestContext, sessionToken: string): Promise<Caller> {
    const sessionHash = hashSecret(sessionToken);
    return this.resolve(ctx, `s:${sessionHash}`, { sessionHash });
  }

  /**
   * Calls `onEnd` once when this token is revoked (the broadcast, or this replica revoking it) or reaches
   * its expiry (as identity answered it when the token was last looked up here): for what outlives one
   * request, like a log stream. Answers a function that stops watching.
   */
  watchToken(token: string, onEnd: (why: CredentialEnd) => void): () => void {
    return this.watch(`t:${hashSecret(token)}`, onEnd);
  }

  /** The same for a browser session that signs out, is ended or expires. */
  watchSession(sessionToken: string, onEnd: (why: CredentialEnd) => void): () => void {
    return this.watch(`s:${hashSecret(sessionToken)}`, onEnd);
  }

  private watch(key: string, onEnd: (why: CredentialEnd) => void): () => void {
    let set = this.watchers.get(key);
    if (!set) {
      set = new Set();
      this.watchers.set(key, set);
    }
    const watcher: Watcher = { onEnd };
    set.add(watcher);
    const stop = () => {
      clearTimeout(watcher.timer);
      set.delete(watcher);
      if (set.size === 0 && this.watchers.get(key) === set) this.watchers.delete(key);
    };
    const expiry = this.expiries.get(key);
    if (expiry !== undefined) {
      const arm = () => {
        const left = expiry - Date.now();
        if (left > MAX_TIMER_MS) watcher.timer = setTimeout(arm, MAX_TIMER_MS);
        else
          watcher.timer = setTimeout(
            () => {
              stop();
              onEnd('expired');
            },
            Math.max(0, left),
          );
        watcher.timer.unref();
      };
      arm();
    }
    return stop;
  }

  /** Called by the replica that revoked the token, without waiting for the broadcast. */
  evictTokenId(tokenId: string): void {
    const key = this.keyOfTokenId.get(tokenId);
    if (key) this.evict(key);
  }

  evictSession(sessionToken: string): void {
    this.evict(`s:${hashSecret(sessionToken)}`);
  }

  private async resolve(ctx: RequestContext, key: string, request: AuthenticateRequest): Promise<Caller> {
    const now = Date.now();
    const cached = this.entries.get(key);
    if (cached && cached.until > now) return cached.caller;
    const asked = now;
    const result = await this.bus.request(IdentityRpc.authenticate, ctx, request);
    const tombstone = this.tombstones.get(key);
    const fresh = (tombstone === undefined || tombstone < asked) && this.clearedAt < asked;
    const expires = result.expiresAt ? Date.parse(result.expiresAt) : Infinity;
    if (Number.isFinite(expires)) {
      this.expiries.delete(key);
      this.expiries.set(key, expires);
      if (this.expiries.size > MAX_ENTRIES) this.expiries.delete(this.expiries.keys().next().value as string);
    } else this.expiries.delete(key);
    if (this.options.ttlMs > 0 && fresh) {
      this.remember(key, {
        caller: result.caller,
        until: Math.min(now + this.options.ttlMs, expires),
      });
    }
    return result.caller;
  }

  private clear(): void {
    this.entries.clear();
    this.keyOfTokenId.clear();
    // A look-up already in flight must not put an answer from before the gap back.
    this.clearedAt = Date.now();
  }

  private remember(key: string, entry: Entry): void {
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.forget(oldest);
    }
    this.entries.set(key, entry);
    if (entry.caller.kind === 'user' && entry.caller.tokenId)
      this.keyOfTokenId.set(entry.caller.tokenId, key);
  }

  private forget(key: string): void {
    const entry = this.entries.get(key);
    if (entry?.caller.kind === 'user' && entry.caller.tokenId) this.keyOfTokenId.delete(entry.caller.tokenId);
    this.entries.delete(key);
  }

  private evict(key: string): void {
    this.forget(key);
    const watching = this.watchers.get(key);
    if (watching) {
      this.watchers.delete(key);
      for (const watcher of watching) {
        clearTimeout(watcher.timer);
        watcher.onEnd('revoked');
      }
    }
    const now = Date.now();
    this.tombstones.set(key, now);
    for (const [k, at] of this.tombstones) if (at < now - TOMBSTONE_MS) this.tombstones.delete(k);
  }
}
