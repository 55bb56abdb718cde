import { Injectable } from '@nestjs/common';
import { type PolicySubmission, type RequestContext, type ReviewRequest } from '@pc/contracts';
import { DocTabsRepository, Outbox, Reviewing } from '@pc/listings';
import { Database } from '@pc/platform';
import { publishedDocTabs } from '../docs';
import { PolicyHistory } from '../history';
import { IdeasService } from '../ideas';
import { PolicyRecords } from '../policies';
import { type SubmissionRecord, type SubmissionRow, SubmissionRecords, toSubmission } from '../submissions';
import { catalogError } from '../common/catalog.errors';
import { policyPins, reviewDecided, versionPublished } from '../common/policy-events';

/**
 * The administrator's decision on a waiting submission: approval publishes the policy at the ref and
 * commit the submission shows; rejection sends it back to its owner.
 */
@Injectable()
export class SubmissionReviewService extends Reviewing<
  SubmissionRow,
  SubmissionRecord,
  { submission: PolicySubmission }
> {
  constructor(
    private readonly submissions: SubmissionRecords,
    private readonly policies: PolicyRecords,
    private readonly docTabs: DocTabsRepository,
    private readonly history: PolicyHistory,
    private readonly ideasService: IdeasService,
    outbox: Outbox,
    db: Database,
  ) {
    super(db, outbox, submissions, (status) =>
      catalogError('CATALOG.SUBMISSION_DECIDED', `The submission was already ${status}`),
    );
  }

  /**
   * Publishes the policy: its staged documentation is copied, the overview seeded from the description,
   * and ideas it fully delivers (or completes) become delivered, their submitters notified.
   */
  approve(ctx: RequestContext, request: ReviewRequest): Promise<{ submission: PolicySubmission }> {
    return this.decide(ctx, request.id, async (db, current, adminId) => {
      // What the reviewer saw is what gets pinned: the commits (and content digests) validation read.
      const v = current.validation;
      const pins = policyPins('review', adminId, v.projectType, v);
      const policy = await this.policies.update(db, current.policy_id, {
        status: 'published',
        published_at: new Date(),
        ...pins,
      });
      await this.docTabs.replaceAll(db, policy.id, publishedDocTabs(current.doc_tabs, policy.description));
      const approved = await this.submissions.update(db, current.id, {
        status: 'approved',
        feedback: request.feedback ?? null,
        reviewed_by: adminId,
        reviewed_at: new Date(),
      });
      await this.history.record(db, policy.id, adminId, 'approved', {
        submissionId: current.id,
        ref: current.validation.ref ?? null,
        commit: current.validation.commit ?? null,
        contentDigest: current.validation.contentDigest ?? null,
      });
      await this.ideasService.deliverAndAnnounce(db, 'policy', policy.id, policy.name);
      await reviewDecided(this.outbox, db, 'submission', approved, 'approved', policy.name);
      await versionPublished(this.outbox, db, policy, pins, 'review');
      return approved;
    });
  }

  reject(ctx: RequestContext, request: ReviewRequest): Promise<{ submission: PolicySubmission }> {
    return this.decide(ctx, request.id, async (db, current, adminId) => {
      await this.policies.update(db, current.policy_id, { status: 'rejected' });
      const rejected = await this.submissions.update(db, current.id, {
        status: 'rejected',
        feedback: request.feedback ?? null,
        reviewed_by: adminId,
        reviewed_at: new Date(),
      });
      await this.history.record(db, current.policy_id, adminId, 'rejected', {
        submissionId: current.id,
        feedback: request.feedback ?? null,
      });
      await reviewDecided(this.outbox, db, 'submission', rejected, 'rejected', rejected.name);
      return rejected;
    });
  }

  protected present(decided: SubmissionRecord): { submission: PolicySubmission } {
    return { submission: toSubmission(decided) };
  }
}
