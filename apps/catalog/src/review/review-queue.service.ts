import { Injectable } from '@nestjs/common';
import { REVIEW_QUEUE_LIMIT, type RequestContext, type ReviewQueue } from '@pc/contracts';
import { Database, fitToBudget, LIST_REPLY_BUDGET_BYTES } from '@pc/platform';
import { requireAdmin } from '../common/caller';
import { IdeasRepository } from '../ideas/ideas.repository';
import { RevisionsRepository, toRevision } from '../revisions/revisions.repository';
import { SubmissionsRepository, toSubmissionSummary } from '../submissions/submissions.repository';

/**
 * What waits for an administrator: submissions (as summaries, with the ref and commit to approve),
 * revisions and ideas. The oldest `limit` items of each kind, each kind within a third of the reply
 * budget. No cursor: deciding the oldest items brings the next ones into the queue.
 */
@Injectable()
export class ReviewQueueService {
  constructor(
    private readonly db: Database,
    private readonly submissions: SubmissionsRepository,
    private readonly revisions: RevisionsRepository,
    private readonly ideas: IdeasRepository,
  ) {}

  async queue(ctx: RequestContext, request: { limit?: number }): Promise<ReviewQueue> {
    requireAdmin(ctx);
    const limit = Math.min(request.limit ?? REVIEW_QUEUE_LIMIT.default, REVIEW_QUEUE_LIMIT.max);
    const [submissions, revisions, ideas] = await Promise.all([
      this.submissions.pending(this.db.pool, limit),
      this.revisions.pending(this.db.pool, limit),
      this.ideas.pending(this.db.pool, limit),
    ]);
    const budget = Math.floor(LIST_REPLY_BUDGET_BYTES / 3);
    const shown = {
      submissions: fitToBudget(submissions.slice(0, limit).map(toSubmissionSummary), budget),
      revisions: fitToBudget(
        revisions.slice(0, limit).map((r) => ({ ...toRevision(r), policy_name: r.policy_name })),
        budget,
      ),
      ideas: fitToBudget(ideas.slice(0, limit), budget),
    };
    return {
      ...shown,
      hasMore: {
        submissions: submissions.length > shown.submissions.length,
        revisions: revisions.length > shown.revisions.length,
        ideas: ideas.length > shown.ideas.length,
      },
    };
  }
}
