import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  type AuthenticateRequest,
  type Caller,
  IdentityEvents,
  IdentityRpc,
  type RequestContext,
} from '@pc/contracts';
import { BusClient, hashSecret } from '@pc/platform';
import { GatewayEnv } from '../gateway.env';

interface Entry {
  caller: Caller;
  until: number;
}

const MAX_ENTRIES = 50_000;
const TOMBSTONE_MS = 5 * 60_000;

/**
 * Asks identity who a token or session belongs to, and remembers the answer briefly. A revocation
 * or sign-out is broadcast on the bus and evicts the entry in every gateway replica at once; a
 * tombstone keeps a look-up that was already in flight from putting it back.
 */
@Injectable()
export class CallerCache implements OnModuleInit {
  private readonly entries = new Map<string, Entry>();
  private readonly tombstones = new Map<string, number>();

  constructor(
    private readonly bus: BusClient,
    @Inject(GatewayEnv) private readonly env: GatewayEnv,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.bus.subscribeBroadcast(IdentityEvents.tokenRevoked, (event) =>
      this.evict(`t:${event.tokenHash}`),
    );
    await this.bus.subscribeBroadcast(IdentityEvents.sessionEnded, (event) =>
      this.evict(`s:${event.sessionHash}`),
    );
  }

  resolveToken(ctx: RequestContext, token: string): Promise<Caller> {
    return this.resolve(ctx, `t:${hashSecret(token)}`, { bearerToken: token });
  }

  resolveSession(ctx: RequestContext, sessionToken: string): Promise<Caller> {
    return this.resolve(ctx, `s:${hashSecret(sessionToken)}`, { sessionToken });
  }

  evictToken(token: string): void {
    this.evict(`t:${hashSecret(token)}`);
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
    if (this.env.AUTH_CACHE_TTL_MS > 0 && (tombstone === undefined || tombstone < asked)) {
      const expires = result.expiresAt ? Date.parse(result.expiresAt) : Infinity;
      this.remember(key, {
        caller: result.caller,
        until: Math.min(now + this.env.AUTH_CACHE_TTL_MS, expires),
      });
    }
    return result.caller;
  }

  private remember(key: string, entry: Entry): void {
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, entry);
  }

  private evict(key: string): void {
    this.entries.delete(key);
    const now = Date.now();
    this.tombstones.set(key, now);
    for (const [k, at] of this.tombstones) if (at < now - TOMBSTONE_MS) this.tombstones.delete(k);
  }
}
