import { Injectable } from '@nestjs/common';
import type { RequestContext, ReviewQueue } from '@pc/contracts';
import { requireAdmin } from '../common/caller';
import { IdeasRepository } from '../ideas/ideas.repository';
import { RevisionsRepository, toRevision } from '../revisions/revisions.repository';
import { SubmissionsRepository, toSubmission } from '../submissions/submissions.repository';

/** What waits for an administrator: submissions (with the ref and commit to approve), revisions, ideas. */
@Injectable()
export class ReviewQueueService {
  constructor(
    private readonly submissions: SubmissionsRepository,
    private readonly revisions: RevisionsRepository,
    private readonly ideas: IdeasRepository,
  ) {}

  async queue(ctx: RequestContext): Promise<ReviewQueue> {
    requireAdmin(ctx);
    const [submissions, revisions, ideas] = await Promise.all([
      this.submissions.pending(),
      this.revisions.pending(),
      this.ideas.pending(),
    ]);
    return {
      submissions: submissions.map(toSubmission),
      revisions: revisions.map((r) => ({ ...toRevision(r), policy_name: r.policy_name })),
      ideas,
    };
  }
}
