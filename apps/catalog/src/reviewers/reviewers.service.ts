import { Injectable } from '@nestjs/common';
import { isUser, type PolicyReviewerRequest, type RequestContext } from '@pc/contracts';
import { Database, notFound } from '@pc/platform';
import { requireAdmin } from '../common/caller';
import { UsersDirectory } from '@pc/listings';
import { PolicyAccess } from '../policies';
import { ReviewersRepository } from './reviewers.repository';

/** Administrators review every policy; an administrator may also designate reviewers of one policy. */
@Injectable()
export class ReviewersService {
  constructor(
    private readonly db: Database,
    private readonly reviewers: ReviewersRepository,
    private readonly access: PolicyAccess,
    private readonly users: UsersDirectory,
  ) {}

  async status(ctx: RequestContext, policyId: string): Promise<{ isReviewer: boolean }> {
    await this.access.visible(ctx, policyId);
    const caller = ctx.caller;
    if (!isUser(caller)) return { isReviewer: false };
    return {
      isReviewer:
        caller.isAdmin || (await this.reviewers.isDesignated(this.db.pool, policyId, caller.userId)),
    };
  }

  async designate(ctx: RequestContext, request: PolicyReviewerRequest): Promise<{ ok: true }> {
    const admin = requireAdmin(ctx);
    await this.access.visible(ctx, request.policyId);
    const found = await this.users.findMany(ctx, [request.userId]);
    if (!found.has(request.userId)) throw notFound('User');
    await this.reviewers.designate(this.db.pool, request.policyId, request.userId, admin.userId);
    return { ok: true };
  }

  async remove(ctx: RequestContext, request: PolicyReviewerRequest): Promise<{ ok: true }> {
    requireAdmin(ctx);
    await this.access.visible(ctx, request.policyId);
    if (!(await this.reviewers.remove(this.db.pool, request.policyId, request.userId)))
      throw notFound('Reviewer');
    return { ok: true };
  }
}
