import { Injectable } from '@nestjs/common';
import {
  CatalogRpc,
  type FollowRequest,
  type FollowState,
  type RequestContext,
  RulesetsRpc,
} from '@pc/contracts';
import { BusClient, Database, requireUser } from '@pc/platform';
import { type FollowedItem, FollowsRepository } from './follows.repository';

/**
 * A user follows a policy or a ruleset to hear of its new versions (`version.published` webhooks to
 * their own endpoints). Only what the caller can see is followed: the owning service answers that (its
 * 404 is the caller's); unfollowing needs no such check, so an item that is gone can still be unfollowed.
 */
@Injectable()
export class FollowsService {
  constructor(
    private readonly db: Database,
    private readonly follows: FollowsRepository,
    private readonly bus: BusClient,
  ) {}

  async get(ctx: RequestContext, request: FollowRequest): Promise<FollowState> {
    const caller = requireUser(ctx);
    await this.requireVisible(ctx, request);
    return { following: await this.follows.has(this.db.pool, caller.userId, itemOf(request)) };
  }

  async follow(ctx: RequestContext, request: FollowRequest): Promise<FollowState> {
    const caller = requireUser(ctx);
    await this.requireVisible(ctx, request);
    await this.follows.add(this.db.pool, caller.userId, itemOf(request));
    return { following: true };
  }

  async unfollow(ctx: RequestContext, request: FollowRequest): Promise<FollowState> {
    const caller = requireUser(ctx);
    await this.follows.remove(this.db.pool, caller.userId, itemOf(request));
    return { following: false };
  }

  /** The followers of an item who have an endpoint of their own for `version.published` (the fan-out's). */
  followersOf(item: FollowedItem): Promise<string[]> {
    return this.follows.followersWithEndpoints(this.db.pool, item);
  }

  /** Asks the service that owns the item, as the caller: it answers 404 for what the caller cannot see. */
  private async requireVisible(ctx: RequestContext, request: FollowRequest): Promise<void> {
    switch (request.asset_type) {
      case 'policy':
        await this.bus.request(CatalogRpc.getPolicy, ctx, { id: request.id });
        return;
      case 'ruleset':
        await this.bus.request(RulesetsRpc.get, ctx, { id: request.id });
        return;
    }
  }
}

function itemOf(request: FollowRequest): FollowedItem {
  return { assetType: request.asset_type, resourceId: request.id };
}
