import { Injectable } from '@nestjs/common';
import { REVIEW_QUEUE_LIMIT, type RequestContext, type ReviewQueue } from '@pc/contracts';
import { Database, fitToBudget, LIST_REPLY_BUDGET_BYTES } from '@pc/platform';
import { requireAdmin } from '../common/caller';
import { IdeasService } from '../ideas';
import { RevisionsService } from '../revisions';
import { SubmissionRecords, toSubmissionSummary } from '../submissions';

/**
 * What waits for an administrator: submissions (as summaries, with the ref and commit to approve),
 * revisions and ideas. The oldest `limit` items of each kind, each kind within a third of the reply
 * budget. No cursor: deciding the oldest items brings the next ones into the queue.
 */
@Injectable()
export class ReviewQueueService {
  constructor(
    private readonly db: Database,
    private readonly submissions: SubmissionRecords,
    private readonly revisions: RevisionsService,
    private readonly ideas: IdeasService,
  ) {}

  async queue(ctx: RequestContext, request: { limit?: number }): Promise<ReviewQueue> {
    requireAdmin(ctx);
    const limit = Math.min(request.limit ?? REVIEW_QUEUE_LIMIT.default, REVIEW_QUEUE_LIMIT.max);
    const [submissions, revisions, ideas] = await Promise.all([
      this.submissions.pending(this.db.pool, limit + 1).then((rows) => rows.map(toSubmissionSummary)),
      this.revisions.waiting(limit),
      this.ideas.waiting(limit),
    ]);
    const budget = Math.floor(LIST_REPLY_BUDGET_BYTES / 3);
    const shown = {
      submissions: fitToBudget(submissions.slice(0, limit), budget),
      revisions: fitToBudget(revisions.slice(0, limit), budget),
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
