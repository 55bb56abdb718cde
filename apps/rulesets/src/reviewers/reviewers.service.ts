import { Injectable } from '@nestjs/common';
import type { RequestContext, RulesetReviewerStatus } from '@pc/contracts';
import { requireUser } from '../common/caller';
import { RulesetAccess } from '../rulesets';

/**
 * The caller's standing on a ruleset: administrators review every ruleset (reviewer, `editor`); the
 * owner is its `editor` but not a reviewer; anyone else who can see it is a `viewer`.
 */
@Injectable()
export class ReviewersService {
  constructor(private readonly access: RulesetAccess) {}

  async me(ctx: RequestContext, id: string): Promise<RulesetReviewerStatus> {
    const caller = requireUser(ctx);
    const row = await this.access.visible(ctx, id);
    if (caller.isAdmin) return { isReviewer: true, role: 'editor' };
    if (caller.userId === row.owner_id) return { isReviewer: false, role: 'editor' };
    return { isReviewer: false, role: 'viewer' };
  }
}
