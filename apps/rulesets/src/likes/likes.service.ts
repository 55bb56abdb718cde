import { Injectable } from '@nestjs/common';
import type { LikeResult, RequestContext } from '@pc/contracts';
import { requireUser } from '../common/caller';
import { RulesetAccess } from '../rulesets/ruleset-access';
import { RulesetsRepository } from '../rulesets/rulesets.repository';

/** Likes, as for policies: one per user and ruleset, toggled; the count moves with them. */
@Injectable()
export class LikesService {
  constructor(
    private readonly rulesets: RulesetsRepository,
    private readonly access: RulesetAccess,
  ) {}

  async get(ctx: RequestContext, id: string): Promise<LikeResult> {
    const caller = requireUser(ctx);
    await this.access.visible(ctx, id);
    return { liked: (await this.rulesets.likedAmong(caller.userId, [id])).has(id) };
  }

  async toggle(ctx: RequestContext, id: string): Promise<LikeResult> {
    const caller = requireUser(ctx);
    await this.access.visible(ctx, id);
    return { liked: await this.rulesets.toggleLike(id, caller.userId) };
  }
}
