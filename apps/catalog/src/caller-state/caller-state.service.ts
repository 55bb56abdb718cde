import { Injectable } from '@nestjs/common';
import {
  CALLER_STATE_LIKES_MAX,
  CALLER_STATE_OWNED_MAX,
  type CatalogCallerState,
  type RequestContext,
} from '@pc/contracts';
import { Database } from '@pc/platform';
import { callerId } from '../common/caller';
import { CallerStateRepository } from './caller-state.repository';

const NONE: CatalogCallerState = { liked: [], owned: [], ownsUnpublished: false, complete: true };

/** The caller's own part of public policy reads: what they like and what they own. */
@Injectable()
export class CallerStateService {
  constructor(
    private readonly db: Database,
    private readonly states: CallerStateRepository,
  ) {}

  async of(ctx: RequestContext): Promise<CatalogCallerState> {
    const userId = callerId(ctx.caller);
    if (!userId) return NONE;
    const [liked, owned] = await Promise.all([
      this.states.likedBy(this.db.pool, userId, CALLER_STATE_LIKES_MAX + 1),
      this.states.ownedBy(this.db.pool, userId, CALLER_STATE_OWNED_MAX + 1),
    ]);
    return {
      liked: liked.slice(0, CALLER_STATE_LIKES_MAX),
      owned: owned.slice(0, CALLER_STATE_OWNED_MAX).map((policy) => policy.id),
      ownsUnpublished: owned.some((policy) => !policy.published),
      complete: liked.length <= CALLER_STATE_LIKES_MAX && owned.length <= CALLER_STATE_OWNED_MAX,
    };
  }
}
