import { Injectable } from '@nestjs/common';
import type { LikeResult, RequestContext } from '@pc/contracts';
import { Database } from '@pc/platform';
import { requireUser } from '../common/caller';
import { PolicyAccess } from '../policies';
import { LikesRepository } from './likes.repository';

/**
 * One like per user and policy. A toggle holds a lock on (policy, user), so concurrent toggles by one
 * user take turns, and moves the counter by exactly what it inserted or deleted.
 */
@Injectable()
export class LikesService {
  constructor(
    private readonly db: Database,
    private readonly access: PolicyAccess,
    private readonly likes: LikesRepository,
  ) {}

  async get(ctx: RequestContext, policyId: string): Promise<LikeResult> {
    const caller = requireUser(ctx);
    await this.access.visible(ctx, policyId);
    return { liked: await this.likes.exists(this.db.pool, policyId, caller.userId) };
  }

  async toggle(ctx: RequestContext, policyId: string): Promise<LikeResult> {
    const caller = requireUser(ctx);
    await this.access.visible(ctx, policyId);
    return this.db.transaction(async (tx) => {
      await this.likes.lock(tx, policyId, caller.userId);
      if (await this.likes.remove(tx, policyId, caller.userId)) return { liked: false };
      await this.likes.add(tx, policyId, caller.userId);
      return { liked: true };
    });
  }
}
