import { Inject, Injectable } from '@nestjs/common';
import {
  type QueuedRulesetSubmission,
  type RequestContext,
  type RulesetReviewRequest,
  RulesetsEvents,
  type RulesetSubmission,
  type RulesetSubmissionStatus,
} from '@pc/contracts';
import { conflict, notFound } from '@pc/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { withinByteBudget } from '../common/byte-budget';
import { requireAdmin } from '../common/caller';
import { DocTabsRepository } from '../docs/doc-tabs.repository';
import { HistoryRepository } from '../history/history.repository';
import { IdeasClient } from '../ideas/ideas.client';
import { OutboxRelay } from '../outbox/outbox.relay';
import { OutboxRepository } from '../outbox/outbox.repository';
import { RulesetsRepository } from '../rulesets/rulesets.repository';
import { contentOf, type SubmissionRow, toSubmission } from '../submissions/submission.row';
import { SubmissionsRepository } from '../submissions/submissions.repository';

/** The administrator's decisions on a ruleset submission waiting for review (409 when it is not). */
@Injectable()
export class ReviewService {
  constructor(
    private readonly submissions: SubmissionsRepository,
    private readonly rulesets: RulesetsRepository,
    private readonly docTabs: DocTabsRepository,
    private readonly history: HistoryRepository,
    private readonly ideas: IdeasClient,
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly outbox: OutboxRepository,
    private readonly relay: OutboxRelay,
  ) {}

  /**
   * The ruleset takes the submission's content (created on first approval, updated after), is published
   * with the staged tabs and pinned to what the reviewer saw (the commit its validation read and the
   * content digest there: a release builds exactly that), and the ideas it declares are delivered by the catalog exactly as for a policy
   * (inside the transaction: if the catalog cannot answer, nothing is approved).
   */
  async approve(
    ctx: RequestContext,
    request: RulesetReviewRequest,
  ): Promise<{ submission: RulesetSubmission }> {
    const admin = requireAdmin(ctx);
    const row = await this.dataSource.transaction(async (db) => {
      const current = await this.waiting(db, request.id);
      const ruleset = await this.rulesets.update(db, current.ruleset_id, {
        ...contentOf(current),
        lifecycle_status: 'published',
        published_at: current.published_at ?? new Date(),
        review_feedback: request.feedback ?? null,
        reviewed_at: new Date(),
        pinned_commit: current.source_commit,
        pinned_content_digest: current.content_digest,
        pinned_at: new Date(),
        pinned_by: admin.userId,
        pinned_how: 'review',
      });
      await this.docTabs.replaceAll(db, ruleset.id, current.doc_tabs);
      const updated = await this.decide(db, current, 'approved', admin.userId, request.feedback ?? null);
      await this.ideas.deliver(ctx, ruleset.id, ruleset.name);
      await this.outbox.addEvent(db, RulesetsEvents.versionPublished, {
        ruleset_id: ruleset.id,
        ruleset_name: ruleset.name,
        version: null,
        commit: current.source_commit ?? null,
        submission_id: current.id,
        how: 'review',
      });
      return updated;
    });
    this.relay.kick();
    return { submission: toSubmission(row) };
  }

  /** Sent back with feedback; the owner edits it and resubmits. */
  requestImprovement(
    ctx: RequestContext,
    request: RulesetReviewRequest,
  ): Promise<{ submission: RulesetSubmission }> {
    return this.sendBack(ctx, request, 'needs_improvement');
  }

  /** Refused for good (a published ruleset whose update is refused stays as it was). */
  reject(ctx: RequestContext, request: RulesetReviewRequest): Promise<{ submission: RulesetSubmission }> {
    return this.sendBack(ctx, request, 'rejected');
  }

  async queue(ctx: RequestContext): Promise<{ rulesetSubmissions: QueuedRulesetSubmission[] }> {
    requireAdmin(ctx);
    const rows = await this.submissions.pending();
    // Oldest first, bounded in rows by the query and in bytes here (the gateway merges it with the catalog's).
    return {
      rulesetSubmissions: withinByteBudget(
        rows.map((r) => ({ kind: 'ruleset' as const, ...toSubmission(r) })),
      ),
    };
  }

  private async sendBack(
    ctx: RequestContext,
    request: RulesetReviewRequest,
    status: 'needs_improvement' | 'rejected',
  ): Promise<{ submission: RulesetSubmission }> {
    const admin = requireAdmin(ctx);
    const row = await this.dataSource.transaction(async (db) => {
      const current = await this.waiting(db, request.id);
      await this.rulesets.update(db, current.ruleset_id, {
        lifecycle_status: current.published_at ? 'published' : status,
        review_feedback: request.feedback ?? null,
        reviewed_at: new Date(),
      });
      return this.decide(db, current, status, admin.userId, request.feedback ?? null);
    });
    this.relay.kick();
    return { submission: toSubmission(row) };
  }

  private async decide(
    db: EntityManager,
    current: SubmissionRow,
    status: Extract<RulesetSubmissionStatus, 'approved' | 'rejected' | 'needs_improvement'>,
    reviewerId: string,
    feedback: string | null,
  ): Promise<SubmissionRow> {
    const updated = await this.submissions.update(db, current.id, {
      status,
      review_feedback: feedback,
      reviewed_by: reviewerId,
      reviewed_at: new Date(),
    });
    await this.history.record(db, current.id, {
      actor_id: reviewerId,
      action: status,
      status,
      fields: [],
      feedback,
      previous_snapshot: null,
      revision_count: updated.revision_count,
    });
    // The decision, for its author's webhooks.
    await this.outbox.addEvent(db, RulesetsEvents.reviewDecided, {
      submission_id: current.id,
      decision: status,
      ruleset_id: current.ruleset_id,
      ruleset_name: current.name,
      author_id: current.submitted_by,
      feedback,
    });
    return updated;
  }

  private async waiting(db: EntityManager, id: string): Promise<SubmissionRow> {
    const row = await this.submissions.findById(id, db, true);
    if (!row) throw notFound('Submission');
    if (row.status !== 'submitted') throw conflict(`The submission is ${row.status}, not waiting for review`);
    return row;
  }
}
