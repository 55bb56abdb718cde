import { Injectable } from '@nestjs/common';
import {
  type QueuedRulesetSubmission,
  type RequestContext,
  type RulesetReviewRequest,
  RULESET_LIMITS,
  RulesetsEvents,
  type RulesetSubmission,
  type RulesetSubmissionStatus,
} from '@pc/contracts';
import { ownerJsonFields, Outbox, pinnedNow, Reviewing, UsersDirectory } from '@pc/listings';
import { Database, type Executor, fitToBudget } from '@pc/platform';
import { requireAdmin } from '../common/caller';
import { rulesetsError } from '../common/rulesets.errors';
import { SubmissionHistory } from '../history';
import { IdeasClient } from '../ideas';
import { RulesetVersions } from '../profiles';
import { RulesetWrites } from '../rulesets';
import {
  changesOf,
  reviewsItsCommit,
  type SubmissionRow,
  SubmissionRecords,
  toSubmission,
} from '../submissions';
import { ReviewQueueRepository } from './review-queue.repository';

/** The administrator's decisions on a ruleset submission waiting for review (409 when it is not). */
@Injectable()
export class ReviewService extends Reviewing<
  SubmissionRow,
  SubmissionRow,
  { submission: RulesetSubmission }
> {
  constructor(
    private readonly submissions: SubmissionRecords,
    private readonly rulesets: RulesetWrites,
    private readonly history: SubmissionHistory,
    private readonly ideas: IdeasClient,
    private readonly versions: RulesetVersions,
    private readonly users: UsersDirectory,
    private readonly queued: ReviewQueueRepository,
    db: Database,
    outbox: Outbox,
  ) {
    super(db, outbox, submissions, (status) =>
      rulesetsError('RULESETS.NOT_WAITING', `The submission is ${status}, not waiting for review`),
    );
  }

  /**
   * The ruleset takes what the submission changes and does not show yet (an update of a published
   * ruleset: the fields it edited, its staged tabs when it staged some; a ruleset never published already
   * shows its submission's edits): what its owner set on the ruleset otherwise stays. It is published and,
   * when the submission's commit is what was reviewed (`reviewsItsCommit`: a first approval, or an update
   * that read the repository again), pinned to it (the commit its validation read and the content digest
   * there: a release builds exactly that), a new reviewed version; an update that did not touch the
   * repository keeps the pin it has, an administrator's later one too. The ideas it declares become due:
   * the catalog delivers them after commit, exactly as for a policy, retried until it answers
   * (`IdeasClient`).
   */
  approve(ctx: RequestContext, request: RulesetReviewRequest): Promise<{ submission: RulesetSubmission }> {
    return this.decide(ctx, request.id, async (tx, current, adminId) => {
      const pending = current.pending_fields;
      const repins = reviewsItsCommit(current);
      const ruleset = await this.rulesets.show(
        tx,
        current.ruleset_id,
        {
          ...changesOf(current, pending),
          lifecycle_status: 'published',
          published_at: current.published_at ?? new Date(),
          review_feedback: request.feedback ?? null,
          reviewed_at: new Date(),
          ...(repins ? pinnedNow('review', adminId, current.source_commit, current.content_digest) : {}),
        },
        pending.includes('doc_tabs') ? current.doc_tabs : undefined,
      );
      const updated = await this.record(tx, current, 'approved', adminId, request.feedback ?? null);
      if (repins) {
        // The reviewed version is kept with the approval: profiles may pin it once the next is out.
        await this.versions.keepCurrent(tx, ruleset);
        await this.outbox.addEvent(tx, RulesetsEvents.versionPublished, {
          ruleset_id: ruleset.id,
          ruleset_name: ruleset.name,
          version: null,
          commit: current.source_commit ?? null,
          submission_id: current.id,
          how: 'review',
        });
      }
      // Delivered by the catalog after commit (the decision's event): never for an approval rolled back.
      await this.ideas.due(tx, ruleset, adminId);
      return updated;
    });
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

  /**
   * What waits, oldest first, each with what the reviewer reads of its ruleset: its owner now (identity's,
   * cached) and its pin, as the ruleset's detail shows them, so that the queue reads no detail (whose every
   * answer counts a view).
   */
  async queue(ctx: RequestContext): Promise<{ rulesetSubmissions: QueuedRulesetSubmission[] }> {
    requireAdmin(ctx);
    const rows = await this.submissions.pending(this.db.pool, RULESET_LIMITS.reviewQueue.max);
    const [owners, pins] = await Promise.all([
      this.users.ownersOf(ctx, rows),
      this.queued.pinsOf(
        this.db.pool,
        rows.map((r) => r.ruleset_id),
      ),
    ]);
    // Bounded in rows by the query and in bytes here (the gateway merges it with the catalog's).
    return {
      rulesetSubmissions: fitToBudget(
        rows.map((r) => ({
          kind: 'ruleset' as const,
          ...toSubmission(r),
          owner_id: r.owner_id,
          ...ownerJsonFields(owners.get(r.owner_id)),
          pin: pins.get(r.ruleset_id) ?? null,
        })),
      ),
    };
  }

  protected present(decided: SubmissionRow): { submission: RulesetSubmission } {
    return { submission: toSubmission(decided) };
  }

  private sendBack(
    ctx: RequestContext,
    request: RulesetReviewRequest,
    status: 'needs_improvement' | 'rejected',
  ): Promise<{ submission: RulesetSubmission }> {
    return this.decide(ctx, request.id, async (tx, current, adminId) => {
      await this.rulesets.update(tx, current.ruleset_id, {
        lifecycle_status: current.published_at ? 'published' : status,
        review_feedback: request.feedback ?? null,
        reviewed_at: new Date(),
      });
      return this.record(tx, current, status, adminId, request.feedback ?? null);
    });
  }

  /** The decision on the submission, its history entry and, for its author's webhooks, its event. */
  private async record(
    tx: Executor,
    current: SubmissionRow,
    status: Extract<RulesetSubmissionStatus, 'approved' | 'rejected' | 'needs_improvement'>,
    reviewerId: string,
    feedback: string | null,
  ): Promise<SubmissionRow> {
    const updated = await this.submissions.update(tx, current.id, {
      status,
      // Approved: its ruleset shows all it changed.
      pending_fields: status === 'approved' ? [] : undefined,
      review_feedback: feedback,
      reviewed_by: reviewerId,
      reviewed_at: new Date(),
    });
    await this.history.record(tx, updated, { actor_id: reviewerId, action: status, feedback });
    // The decision, for its author's webhooks.
    await this.outbox.addEvent(tx, RulesetsEvents.reviewDecided, {
      submission_id: current.id,
      decision: status,
      ruleset_id: current.ruleset_id,
      ruleset_name: current.name,
      author_id: current.submitted_by,
      feedback,
    });
    return updated;
  }
}
