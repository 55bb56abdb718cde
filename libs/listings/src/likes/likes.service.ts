import { Inject, Injectable } from '@nestjs/common';
import type { LikeResult, RequestContext } from '@pc/contracts';
import { Database, requireUser } from '@pc/platform';
import { LISTING_ACCESS, type ListingAccess } from '../listing-kind';
import { LikesRepository } from './likes.repository';

/**
 * One like per user and listing the user can see. A toggle holds a lock on (listing, user), so
 * concurrent toggles by one user take turns, and moves the counter by exactly what it inserted or deleted.
 */
@Injectable()
export class LikesService {
  constructor(
    private readonly db: Database,
    @Inject(LISTING_ACCESS) private readonly access: ListingAccess,
    private readonly likes: LikesRepository,
  ) {}

  async get(ctx: RequestContext, listingId: string): Promise<LikeResult> {
    const caller = requireUser(ctx);
    await this.access.visible(ctx, listingId);
    return { liked: await this.likes.exists(this.db.pool, listingId, caller.userId) };
  }

  async toggle(ctx: RequestContext, listingId: string): Promise<LikeResult> {
    const caller = requireUser(ctx);
    await this.access.visible(ctx, listingId);
    return this.db.transaction(async (tx) => {
      await this.likes.lock(tx, listingId, caller.userId);
      if (await this.likes.remove(tx, listingId, caller.userId)) return { liked: false };
      await this.likes.add(tx, listingId, caller.userId);
      return { liked: true };
    });
  }
}
