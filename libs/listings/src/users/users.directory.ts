import { Injectable, type OnModuleInit } from '@nestjs/common';
import { IdentityEvents, IdentityRpc, type RequestContext, type UserSummary } from '@pc/contracts';
import { BusClient } from '@pc/platform';

/**
 * How long a user summary is trusted without news from identity. Identity announces every profile
 * change (`identity.user.updated.v1`), which drops the entry at once; this bounds how stale an entry
 * can get when such an announcement is lost (a reconnect of this replica).
 */
export const USER_CACHE_TTL_MS = 60_000;
const USER_CACHE_MAX = 10_000;

/**
 * Who users are, asked of identity over the bus (a kind's service never reads another schema) and kept
 * per replica, so that listing policies or rulesets does not cost a round trip to identity for every
 * request.
 */
@Injectable()
export class UsersDirectory implements OnModuleInit {
  private readonly cache = new Map<string, { user: UserSummary; until: number }>();

  constructor(private readonly bus: BusClient) {}

  async onModuleInit(): Promise<void> {
    await this.bus.subscribeBroadcast(IdentityEvents.userUpdated, (event) => this.cache.delete(event.userId));
  }

  async findMany(ctx: RequestContext, ids: Array<string | null>): Promise<Map<string, UserSummary>> {
    const found = new Map<string, UserSummary>();
    const missing: string[] = [];
    const now = Date.now();
    for (const id of new Set(ids)) {
      if (id === null) continue;
      const entry = this.cache.get(id);
      if (entry && entry.until > now) found.set(id, entry.user);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const { users } = await this.bus.request(IdentityRpc.findUsers, ctx, { ids: missing });
    if (this.cache.size + users.length > USER_CACHE_MAX) this.cache.clear();
    for (const user of users) {
      found.set(user.id, user);
      this.cache.set(user.id, { user, until: now + USER_CACHE_TTL_MS });
    }
    return found;
  }

  /** The owners of `listings`, by id. */
  ownersOf(ctx: RequestContext, listings: Array<{ owner_id: string }>): Promise<Map<string, UserSummary>> {
    return this.findMany(
      ctx,
      listings.map((listing) => listing.owner_id),
    );
  }

  async resolve(ctx: RequestContext, usernameOrEmail: string): Promise<UserSummary | null> {
    const { user } = await this.bus.request(IdentityRpc.resolveUser, ctx, { usernameOrEmail });
    return user;
  }
}
