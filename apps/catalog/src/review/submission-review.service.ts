import { Inject, Injectable } from '@nestjs/common';
import type { PolicySubmission, RequestContext, ReviewRequest } from '@pc/contracts';
import { conflict, notFound } from '@pc/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { requireAdmin } from '../common/caller';
import { publishedDocTabs } from '../docs/doc-tabs';
import { DocTabsRepository } from '../docs/doc-tabs.repository';
import { HistoryRepository } from '../history/history.repository';
import { IdeasService } from '../ideas/ideas.service';
import { OutboxRelay } from '../outbox/outbox.relay';
import { PoliciesRepository } from '../policies/policies.repository';
import {
  type SubmissionRow,
  SubmissionsRepository,
  toSubmission,
} from '../submissions/submissions.repository';

/**
 * The administrator's decision on a waiting submission: approval publishes the policy at the ref and
 * commit the submission shows; rejection sends it back to its owner.
 */
@Injectable()
export class SubmissionReviewService {
  constructor(
    private readonly submissions: SubmissionsRepository,
    private readonly policies: PoliciesRepository,
    private readonly docTabs: DocTabsRepository,
    private readonly history: HistoryRepository,
    private readonly ideasService: IdeasService,
    private readonly relay: OutboxRelay,
    @Inject(DataSource) private readonly dataSource: DataSource,
  ) {}

  /**
   * Publishes the policy: its staged documentation is copied, the overview seeded from the description,
   * and ideas it fully delivers (or completes) become delivered, their submitters notified.
   */
  async approve(ctx: RequestContext, request: ReviewRequest): Promise<{ submission: PolicySubmission }> {
    const admin = requireAdmin(ctx);
    const { row, delivered } = await this.dataSource.transaction(async (db) => {
      const current = await this.waiting(db, request.id);
      // What the reviewer saw is what gets pinned: the commits (and content digests) validation read.
      const v = current.validation;
      const policy = await this.policies.update(db, current.policy_id, {
        status: 'published',
        published_at: new Date(),
        pinned_commit: v.commit ?? null,
        pinned_content_digest: v.contentDigest ?? null,
        implementation_pinned_commit: v.projectType === 'split' ? (v.implementationCommit ?? null) : null,
        implementation_pinned_content_digest:
          v.projectType === 'split' ? (v.implementationContentDigest ?? null) : null,
        pinned_at: new Date(),
        pinned_by: admin.userId,
        pinned_how: 'review',
      });
      await this.docTabs.replaceAll(db, policy.id, publishedDocTabs(current.doc_tabs, policy.description));
      const approved = await this.submissions.update(
        db,
        current.id,
        { status: 'approved', feedback: request.feedback ?? null },
        admin.userId,
      );
      await this.history.record(db, policy.id, admin.userId, 'approved', {
        submissionId: current.id,
        ref: current.validation.ref ?? null,
        commit: current.validation.commit ?? null,
        contentDigest: current.validation.contentDigest ?? null,
      });
      const count = await this.ideasService.deliverAndAnnounce(db, 'policy', policy.id, policy.name);
      return { row: approved, delivered: count };
    });
    if (delivered > 0) this.relay.kick();
    return { submission: toSubmission(row) };
  }

  async reject(ctx: RequestContext, request: ReviewRequest): Promise<{ submission: PolicySubmission }> {
    const admin = requireAdmin(ctx);
    const row = await this.dataSource.transaction(async (db) => {
      const current = await this.waiting(db, request.id);
      await this.policies.update(db, current.policy_id, { status: 'rejected' });
      const rejected = await this.submissions.update(
        db,
        current.id,
        { status: 'rejected', feedback: request.feedback ?? null },
        admin.userId,
      );
      await this.history.record(db, current.policy_id, admin.userId, 'rejected', {
        submissionId: current.id,
        feedback: request.feedback ?? null,
      });
      return rejected;
    });
    return { submission: toSubmission(row) };
  }

  /** Locked until the decision commits, so that an edit and a decision never interleave. */
  private async waiting(db: EntityManager, id: string): Promise<SubmissionRow> {
    const row = await this.submissions.findById(id, db, true);
    if (!row) throw notFound('Submission');
    if (row.status !== 'submitted') throw conflict(`The submission was already ${row.status}`);
    return row;
  }
}
