import { Injectable } from '@nestjs/common';
import type { LikeResult, RequestContext } from '@pc/contracts';
import { Database } from '@pc/platform';
import { requireUser } from '../common/caller';
import { RulesetAccess } from '../rulesets';
import { LikesRepository } from './likes.repository';

/** Likes, as for policies: one per user and ruleset, toggled; the count moves with them. */
@Injectable()
export class LikesService {
  constructor(
    private readonly likes: LikesRepository,
    private readonly access: RulesetAccess,
    private readonly db: Database,
  ) {}

  async get(ctx: RequestContext, id: string): Promise<LikeResult> {
    const caller = requireUser(ctx);
    await this.access.visible(ctx, id);
    return { liked: await this.likes.has(this.db.pool, caller.userId, id) };
  }

  async toggle(ctx: RequestContext, id: string): Promise<LikeResult> {
    const caller = requireUser(ctx);
    await this.access.visible(ctx, id);
    return { liked: await this.db.transaction((tx) => this.likes.toggle(tx, id, caller.userId)) };
  }
}
