import { Inject, Injectable } from '@nestjs/common';
import {
  CALLER_STATE_LIKES_MAX,
  CALLER_STATE_OWNED_MAX,
  type ListingCallerState,
  type RequestContext,
} from '@pc/contracts';
import { Database } from '@pc/platform';
import { LISTING_KIND, type ListingKind, tableOf } from '../listing-kind';

const NONE: ListingCallerState = {
  liked: [],
  owned: [],
  ownsUnpublished: false,
  complete: true,
  likedComplete: true,
};

/**
 * The caller's own part of the kind's public reads, for the gateway to add to shared answers: the
 * listings they like and the ones they own (whether one of them is not published), each bounded.
 */
@Injectable()
export class CallerState {
  constructor(
    private readonly db: Database,
    @Inject(LISTING_KIND) private readonly kind: ListingKind,
  ) {}

  async of(ctx: RequestContext): Promise<ListingCallerState> {
    if (ctx.caller.kind !== 'user') return NONE;
    const { userId } = ctx.caller;
    const listings = tableOf(this.kind, 'listings');
    const [liked, owned, [unpublished]] = await Promise.all([
      this.db.pool.query<Array<{ id: string }>>(
        `SELECT ${this.kind.idColumn} AS id FROM ${tableOf(this.kind, 'likes')} WHERE user_id = $1 LIMIT $2`,
        [userId, CALLER_STATE_LIKES_MAX + 1],
      ),
      this.db.pool.query<Array<{ id: string }>>(`SELECT id FROM ${listings} WHERE owner_id = $1 LIMIT $2`, [
        userId,
        CALLER_STATE_OWNED_MAX + 1,
      ]),
      // Of all they own, not only of the ids told (an index of the unpublished ones by owner answers it).
      this.db.pool.query<Array<{ found: boolean }>>(
        `SELECT EXISTS (SELECT 1 FROM ${listings} WHERE owner_id = $1 AND NOT (${this.kind.published})) AS found`,
        [userId],
      ),
    ]);
    const likedComplete = liked.length <= CALLER_STATE_LIKES_MAX;
    return {
      liked: liked.slice(0, CALLER_STATE_LIKES_MAX).map((row) => row.id),
      owned: owned.slice(0, CALLER_STATE_OWNED_MAX).map((row) => row.id),
      ownsUnpublished: unpublished.found,
      complete: likedComplete && owned.length <= CALLER_STATE_OWNED_MAX,
      likedComplete,
    };
  }
}
