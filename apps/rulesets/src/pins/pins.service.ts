import { Injectable } from '@nestjs/common';
import {
  type ChangesSinceReview,
  type PinRulesetRequest,
  type RequestContext,
  type Ruleset,
  RulesetsEvents,
} from '@pc/contracts';
import { Outbox, SourceChanges } from '@pc/listings';
import { Database } from '@pc/platform';
import { requireAdmin } from '../common/caller';
import { rulesetsError } from '../common/rulesets.errors';
import { SubmissionHistory } from '../history';
import { RulesetAccess, RulesetPresenter, RulesetWrites } from '../rulesets';
import { SubmissionRecords } from '../submissions';
import { RulesetInspector } from '../validation';

/**
 * The reviewed commit a release builds: an administrator's pin (for a published ruleset with none, or to
 * move it by hand) and "changes since review", how far the source ref has moved on since the pin.
 */
@Injectable()
export class PinsService {
  constructor(
    private readonly rulesets: RulesetWrites,
    private readonly submissions: SubmissionRecords,
    private readonly access: RulesetAccess,
    private readonly presenter: RulesetPresenter,
    private readonly history: SubmissionHistory,
    private readonly inspector: RulesetInspector,
    private readonly changes: SourceChanges,
    private readonly db: Database,
    private readonly outbox: Outbox,
  ) {}

  /**
   * Validates the ruleset repository at the commit given (else its source ref's commit now) and pins that
   * commit and its content digest: 422 when the ruleset is not published or the repository is not a valid
   * ruleset repository there. The submission's history records who pinned it.
   */
  async pin(ctx: RequestContext, request: PinRulesetRequest): Promise<{ ruleset: Ruleset }> {
    const admin = requireAdmin(ctx);
    const ruleset = await this.access.visible(ctx, request.id);
    if (ruleset.published_at === null)
      throw rulesetsError(
        'RULESETS.NOT_PUBLISHED',
        'Only a published ruleset is pinned (approval pins a submission)',
        [{ field: 'id', message: 'is not published' }],
      );
    const validation = await this.inspector.validate({
      repoUrl: ruleset.source_url,
      ref: request.commit ?? ruleset.source_ref ?? undefined,
      rulesetPath: ruleset.ruleset_path ?? undefined,
    });
    if (!validation.ok || !validation.commit)
      throw rulesetsError(
        'RULESETS.VALIDATION_FAILED',
        'The repository is not a valid ruleset repository at that commit',
        validation.errors.map((message) => ({ field: 'commit', message })),
      );
    const row = await this.db.transaction(async (tx) => {
      const updated = await this.rulesets.change(tx, ruleset.id, {
        pinned_commit: validation.commit,
        pinned_content_digest: validation.contentDigest,
        pinned_at: new Date(),
        pinned_by: admin.userId,
        pinned_how: 'admin',
      });
      const submission = ruleset.submission_id
        ? await this.submissions.find(tx, ruleset.submission_id)
        : null;
      if (submission)
        await this.history.record(tx, submission.id, {
          actor_id: admin.userId,
          action: 'pinned',
          status: submission.status,
          fields: [],
          feedback: `Pinned to the reviewed commit ${validation.commit}`,
          previous_snapshot: null,
          revision_count: submission.revision_count,
        });
      // A new reviewed version: those who deployed it hear of it (webhooks).
      await this.outbox.addEvent(tx, RulesetsEvents.versionPublished, {
        ruleset_id: ruleset.id,
        ruleset_name: ruleset.name,
        version: null,
        commit: validation.commit,
        submission_id: ruleset.submission_id,
        how: 'admin',
      });
      return updated;
    });
    this.outbox.kick();
    return { ruleset: await this.presenter.one(ctx, row) };
  }

  /** For whoever sees the ruleset: the source host's compare of the pin with its source ref's head. */
  async changesSinceReview(ctx: RequestContext, id: string): Promise<ChangesSinceReview> {
    const ruleset = await this.access.visible(ctx, id);
    return this.changes.since(
      ruleset.pinned_commit
        ? { url: ruleset.source_url, ref: ruleset.source_ref, pinned: ruleset.pinned_commit }
        : null,
    );
  }
}
