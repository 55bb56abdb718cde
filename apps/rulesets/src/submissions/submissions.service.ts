import { Injectable } from '@nestjs/common';
import {
  type CreateRulesetSubmissionResult,
  type RequestContext,
  REGISTRY_ASSET_ID_PATTERN,
  RULESET_LIMITS,
  type RulesetHistoryEntry,
  RulesetsEvents,
  type RulesetSubmission,
  type RulesetSubmissionInput,
  type RulesetValidation,
  type UpdateRulesetSubmissionRequest,
  type UserCaller,
} from '@pc/contracts';
import { DocTabsRepository, Outbox, type Submitted, type SubmissionEdit, Submitting } from '@pc/listings';
import { Database, type Executor, fitToBudget, notFound } from '@pc/platform';
import { rulesetsError } from '../common/rulesets.errors';
import { completeTabSet } from '../docs';
import { SubmissionHistory } from '../history';
import { IdeasClient } from '../ideas';
import { RulesetWrites } from '../rulesets';
import { RulesetInspector, validatedContent } from '../validation';
import {
  changesOf,
  type ChosenField,
  contentOf,
  differing,
  type PendingField,
  snapshotOf,
  SOURCE_COLUMNS,
  type SubmissionChanges,
  type SubmissionContent,
  type SubmissionRow,
  toSubmission,
} from './submission.row';
import { SubmissionRecords } from './submissions.repository';

/** Input fields that change what the ruleset is (everything but `resubmit` and `deliversIdeaIds`). */
const CONTENT_FIELDS = [
  'name',
  'description',
  'repoUrl',
  'category',
  'sourceRef',
  'rulesetPath',
  'targetScopes',
  'registryAssetId',
  'iconUrl',
  'iconDisabled',
  'tags',
  'videoTutorialUrl',
  'examplesUrl',
  'docTabs',
] as const;
const REPOSITORY_FIELDS = ['repoUrl', 'sourceRef', 'rulesetPath'] as const;
/** The ruleset's fields each input field sets (`docTabs`: its tabs). */
const SETS: Record<(typeof CONTENT_FIELDS)[number], PendingField> = {
  name: 'name',
  description: 'description',
  repoUrl: 'source_url',
  category: 'category',
  sourceRef: 'source_ref',
  rulesetPath: 'ruleset_path',
  targetScopes: 'target_scopes',
  registryAssetId: 'registry_asset_id',
  iconUrl: 'icon_url',
  iconDisabled: 'icon_url',
  tags: 'tags',
  videoTutorialUrl: 'video_tutorial_url',
  examplesUrl: 'examples_url',
  docTabs: 'doc_tabs',
};
/** The repository, ref and path a ruleset is validated at (blank: the default), and whose submission it is. */
interface Source {
  repoUrl: string;
  ref: string | undefined;
  rulesetPath: string | undefined;
  /** The engine's checks count in this user's share of the evaluator's threads. */
  owner: string;
}
type RulesetEdit = SubmissionEdit<SubmissionRow, UpdateRulesetSubmissionRequest, RulesetValidation>;

/** The content fields an edit changes. */
function contentFields(request: UpdateRulesetSubmissionRequest): Array<(typeof CONTENT_FIELDS)[number]> {
  return CONTENT_FIELDS.filter((f) => request[f] !== undefined);
}

/**
 * The defaulted fields the submitter has set after `request` (`chosen`: before it): scopes once sent; an
 * icon once sent, cleared or disabled, back to the repository's with `iconDisabled: false` alone.
 */
function chosenAfter(
  chosen: readonly ChosenField[],
  request: Pick<RulesetSubmissionInput, 'targetScopes' | 'iconUrl' | 'iconDisabled'>,
): ChosenField[] {
  const next = new Set(chosen);
  if (request.targetScopes !== undefined) next.add('target_scopes');
  if (request.iconUrl !== undefined || request.iconDisabled === true) next.add('icon_url');
  else if (request.iconDisabled === false) next.delete('icon_url');
  return [...next];
}

/** Submitting a ruleset repository, editing and resubmitting it, deleting it, and its history. */
@Injectable()
export class SubmissionsService extends Submitting<
  SubmissionRow,
  Source,
  RulesetValidation,
  RulesetSubmissionInput,
  UpdateRulesetSubmissionRequest,
  RulesetSubmission
> {
  constructor(
    private readonly submissions: SubmissionRecords,
    private readonly rulesets: RulesetWrites,
    private readonly docTabs: DocTabsRepository,
    private readonly history: SubmissionHistory,
    private readonly ideas: IdeasClient,
    private readonly outbox: Outbox,
    inspector: RulesetInspector,
    db: Database,
  ) {
    super(db, {
      table: submissions,
      sourceOf: (input, caller) => ({
        repoUrl: input.repoUrl,
        ref: emptyToNull(input.sourceRef) ?? undefined,
        rulesetPath: emptyToNull(input.rulesetPath) ?? undefined,
        owner: caller.userId,
      }),
      inspect: ({ owner, ...source }) => inspector.validate(source, owner),
      invalid: {
        code: 'RULESETS.VALIDATION_FAILED',
        message: 'The repository is not a valid ruleset repository',
        field: 'repoUrl',
      },
      sourceColumns: ['source_url', 'source_ref', 'ruleset_path'],
      ideas: {
        check: (ctx, declared) => ideas.check(ctx, declared),
        declare: (_tx, ctx, row, declared) => ideas.declare(ctx, row.ruleset_id, declared),
      },
      stageTabs: (input, description, validation) =>
        completeTabSet(input, 'docTabs', description, validation?.rulesMarkdown),
      mine: { ordering: 'ruleset-submissions', limits: RULESET_LIMITS.ownSubmissions },
      present: toSubmission,
    });
  }

  /** The kernel's submission (422 RULESETS.VALIDATION_FAILED), answered with the warnings validation found. */
  async create(ctx: RequestContext, input: RulesetSubmissionInput): Promise<CreateRulesetSubmissionResult> {
    const { submission, validation } = await this.submit(ctx, input);
    return { submission, warnings: validation.warnings };
  }

  /**
   * The ruleset is created under review, visible to its owner; the staged tabs (missing predefined ones
   * added empty, a blank overview taking the description) are copied to it.
   */
  protected async insert(
    tx: Executor,
    { caller, input, validation, stagedTabs: tabs }: Submitted<RulesetSubmissionInput, RulesetValidation>,
  ): Promise<SubmissionRow> {
    const content: SubmissionContent = {
      name: input.name.trim(),
      description: input.description,
      category: input.category ?? 'Other',
      source_url: input.repoUrl.trim(),
      source_ref: emptyToNull(input.sourceRef),
      ruleset_path: emptyToNull(input.rulesetPath) ?? validation.rulesetPath,
      ...validatedContent(validation),
      target_scopes: input.targetScopes ?? validation.targetScopes,
      registry_asset_id: emptyToNull(input.registryAssetId) ?? validRegistryId(validation),
      icon_url: input.iconDisabled ? null : (emptyToNull(input.iconUrl) ?? validation.iconUrl),
      tags: normaliseTags(input.tags ?? []),
      video_tutorial_url: emptyToNull(input.videoTutorialUrl),
      examples_url: emptyToNull(input.examplesUrl),
    };
    const ruleset = await this.rulesets.insert(tx, {
      ...content,
      owner_id: caller.userId,
      submitted_by: caller.userId,
    });
    const submission = await this.submissions.insert(tx, {
      ...content,
      ruleset_id: ruleset.id,
      submitted_by: caller.userId,
      doc_tabs: tabs,
      chosen_fields: chosenAfter([], {
        targetScopes: input.targetScopes,
        iconUrl: emptyToNull(input.iconUrl) ?? undefined,
        iconDisabled: input.iconDisabled || undefined,
      }),
      ...readAt(validation),
    });
    await this.docTabs.replaceAll(tx, ruleset.id, tabs);
    await this.history.record(tx, submission, { actor_id: caller.userId, action: 'submitted' });
    return submission;
  }

  async historyOf(ctx: RequestContext, id: string): Promise<{ entries: RulesetHistoryEntry[] }> {
    const row = await this.visible(ctx, id);
    return { entries: fitToBudget(await this.history.list(this.db.pool, row.id)) };
  }

  /** A changed repository, ref or path is validated again (422). */
  protected sourceAfter(current: SubmissionRow, request: UpdateRulesetSubmissionRequest): Source | null {
    if (!REPOSITORY_FIELDS.some((f) => request[f] !== undefined)) return null;
    return {
      repoUrl: request.repoUrl ?? current.source_url,
      ref: emptyToNull(request.sourceRef ?? current.source_ref) ?? undefined,
      rulesetPath:
        emptyToNull(request.rulesetPath ?? (request.repoUrl === undefined ? current.ruleset_path : null)) ??
        undefined,
      owner: current.submitted_by,
    };
  }

  protected async write(
    tx: Executor,
    { caller, locked, request, validation, stagedTabs }: RulesetEdit,
  ): Promise<SubmissionRow> {
    const changed = contentFields(request);
    const chosen = chosenAfter(locked.chosen_fields, request);
    const content = changed.length > 0 ? this.edited(locked, request, validation, chosen) : undefined;
    // What the edit sets on the ruleset: the fields sent, and what a new validation changed.
    const sets: PendingField[] = content
      ? [
          ...new Set([
            ...changed.map((f) => SETS[f]),
            ...(validation ? [...SOURCE_COLUMNS, ...differing(contentOf(locked), content)] : []),
          ]),
        ]
      : [];
    const nextStatus =
      locked.status === 'approved' && changed.length > 0
        ? 'submitted'
        : locked.status === 'needs_improvement' && request.resubmit
          ? 'submitted'
          : locked.status;
    // Nothing to change (e.g. `resubmit` on a submission already waiting): no write, no history entry.
    if (!content && !request.deliversIdeaIds && !stagedTabs && nextStatus === locked.status) return locked;
    const changes: SubmissionChanges = {
      ...content,
      // What the reviewer sees is what approval pins: the commit the changed refs were validated at.
      ...(validation ? readAt(validation) : {}),
      status: nextStatus,
      doc_tabs:
        stagedTabs ??
        (locked.status === 'approved' && nextStatus === 'submitted'
          ? await this.docTabs.list(tx, locked.ruleset_id)
          : undefined),
      chosen_fields: content ? chosen : undefined,
      // A published ruleset shows them once this update is approved; an unpublished one now.
      pending_fields:
        locked.published_at !== null && sets.length > 0
          ? [...new Set([...locked.pending_fields, ...sets])]
          : undefined,
      previous_snapshot: content ? snapshotOf(locked) : undefined,
      revision_count: content ? locked.revision_count + 1 : undefined,
    };
    const updated = await this.submissions.update(tx, locked.id, changes);
    await this.syncRuleset(tx, updated, sets, nextStatus !== locked.status);
    await this.history.record(tx, updated, {
      actor_id: caller.userId,
      action: historyAction(locked.status, nextStatus, changed.length > 0),
      fields: [...changed, ...(request.deliversIdeaIds ? ['deliversIdeaIds'] : [])],
      previous_snapshot: content ? snapshotOf(locked) : null,
    });
    return updated;
  }

  /**
   * The owner (or an administrator) withdraws a submission. A ruleset never published goes with it (and
   * its declared ideas), and the catalog ends the transfers of it still pending once this commits (the
   * `withdrawn` event); a published one stays published, and a pending update of it is dropped.
   */
  async delete(ctx: RequestContext, id: string): Promise<{ ok: true }> {
    await this.visible(ctx, id);
    await this.db.transaction(async (tx) => {
      const locked = await this.submissions.findById(tx, id, true);
      if (!locked) throw notFound('Submission');
      if (locked.published_at === null) {
        await this.rulesets.delete(tx, locked.ruleset_id);
        await this.outbox.addEvent(tx, RulesetsEvents.withdrawn, {
          ruleset_id: locked.ruleset_id,
          ruleset_name: locked.name,
          owner_id: locked.owner_id,
        });
        await this.ideas.declare(ctx, locked.ruleset_id, []);
      } else {
        await this.submissions.delete(tx, locked.id);
        await this.rulesets.update(tx, locked.ruleset_id, { lifecycle_status: 'published' });
      }
    });
    this.outbox.kick();
    return { ok: true };
  }

  /**
   * The rules of PATCH, in order:
   * - a rejected submission is final (409); `deliversIdeaIds` only while `submitted` or
   *   `needs_improvement` (409);
   * - while the ruleset is under review (`submitted`) only an administrator edits its content (403); the
   *   owner may still change `deliversIdeaIds` alone, which never resubmits;
   * - `needs_improvement`: edits are kept; `resubmit: true` sends it back for review;
   * - `approved`: an edit reopens it as the review of an update (the published ruleset is unchanged
   *   until approved);
   * - empty string clears an optional field; `iconDisabled: true` clears the icon and wins over
   *   `iconUrl`; `docTabs` replaces the staged set; a changed repository, ref or path is validated again
   *   (422).
   * When the edit is refused the declared ideas stay as they were: they are replaced last, inside the
   * transaction (the kernel's `update`). Each change writes a history entry with the previous snapshot and the revision count.
   */
  protected checkEditable(
    caller: UserCaller,
    row: SubmissionRow,
    request: UpdateRulesetSubmissionRequest,
  ): void {
    if (row.status === 'rejected') {
      throw rulesetsError(
        'RULESETS.SUBMISSION_REJECTED',
        'The submission was rejected; submit the ruleset again as a new submission',
      );
    }
    if (request.deliversIdeaIds && row.status !== 'submitted' && row.status !== 'needs_improvement') {
      throw rulesetsError(
        'RULESETS.IDEAS_LOCKED',
        'deliversIdeaIds can only be changed while the submission is submitted or needs improvement',
      );
    }
    if (row.status === 'submitted' && contentFields(request).length > 0 && !caller.isAdmin) {
      throw rulesetsError(
        'RULESETS.UNDER_REVIEW',
        'The ruleset is under review: only an administrator may edit it now',
      );
    }
  }

  /** The content after the edit (a changed repository brings what validation found in it). */
  private edited(
    row: SubmissionRow,
    request: UpdateRulesetSubmissionRequest,
    validation: RulesetValidation | undefined,
    chosen: readonly ChosenField[],
  ): SubmissionContent {
    const next = contentOf(row);
    if (request.name !== undefined) next.name = request.name.trim();
    if (request.description !== undefined) next.description = request.description;
    if (request.category !== undefined) next.category = request.category;
    if (request.repoUrl !== undefined) next.source_url = request.repoUrl.trim();
    if (request.sourceRef !== undefined) next.source_ref = emptyToNull(request.sourceRef);
    if (validation) {
      Object.assign(next, validatedContent(validation));
      next.ruleset_path = emptyToNull(request.rulesetPath) ?? validation.rulesetPath;
      // A default follows the repository; what the submitter chose stays.
      if (!chosen.includes('target_scopes')) next.target_scopes = validation.targetScopes;
      if (!chosen.includes('icon_url')) next.icon_url = validation.iconUrl;
      next.registry_asset_id = next.registry_asset_id ?? validRegistryId(validation);
    }
    if (request.targetScopes !== undefined) next.target_scopes = request.targetScopes;
    if (request.registryAssetId !== undefined) next.registry_asset_id = emptyToNull(request.registryAssetId);
    if (request.iconUrl !== undefined) next.icon_url = emptyToNull(request.iconUrl);
    if (request.iconDisabled) next.icon_url = null;
    if (request.tags !== undefined) next.tags = normaliseTags(request.tags);
    if (request.videoTutorialUrl !== undefined)
      next.video_tutorial_url = emptyToNull(request.videoTutorialUrl);
    if (request.examplesUrl !== undefined) next.examples_url = emptyToNull(request.examplesUrl);
    return next;
  }

  /**
   * A ruleset never published shows what the edit set (`sets`, its staged tabs too) as it is made, and
   * keeps what its owner set on it otherwise; a published one changes only on approval, but says that an
   * update is under review.
   */
  private async syncRuleset(
    tx: Executor,
    row: SubmissionRow,
    sets: readonly PendingField[],
    statusChanged: boolean,
  ): Promise<void> {
    const lifecycle = row.status === 'submitted' ? 'under_review' : undefined;
    if (row.published_at === null) {
      await this.rulesets.show(
        tx,
        row.ruleset_id,
        {
          ...changesOf(row, sets),
          lifecycle_status:
            lifecycle ?? (row.status === 'needs_improvement' ? 'needs_improvement' : undefined),
        },
        sets.includes('doc_tabs') ? row.doc_tabs : undefined,
      );
    } else if (statusChanged && lifecycle) {
      await this.rulesets.update(tx, row.ruleset_id, { lifecycle_status: lifecycle });
    }
  }
}

/**
 * The commit validation read and the content digest there (what approval pins), and the warnings it found
 * there for the review: the first ones, each cut to its limit, and how many were left out.
 */
function readAt(
  v: RulesetValidation,
): Pick<
  SubmissionRow,
  'source_commit' | 'content_digest' | 'validation_warnings' | 'validation_warnings_omitted'
> {
  const { maxItems, maxLength } = RULESET_LIMITS.warningsKept;
  return {
    source_commit: v.commit,
    content_digest: v.contentDigest,
    validation_warnings: v.warnings.slice(0, maxItems).map((warning) => cutTo(warning, maxLength)),
    validation_warnings_omitted: Math.max(0, v.warnings.length - maxItems),
  };
}

/** At most `max` characters (code points): a longer text ends with "…" there. */
function cutTo(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
}

function validRegistryId(v: RulesetValidation): string | null {
  const id = v.registry?.assetId;
  return id && id.length <= 255 && REGISTRY_ASSET_ID_PATTERN.test(id) ? id : null;
}

function emptyToNull(value: string | undefined | null): string | null {
  if (value === undefined || value === null) return null;
  return value.trim() === '' ? null : value.trim();
}

/** Trimmed, without blanks or repeats, in the order given. */
function normaliseTags(tags: string[]): string[] {
  return [...new Set(tags.map((t) => t.trim()).filter(Boolean))];
}

function historyAction(from: string, to: string, contentChanged: boolean): string {
  if (from === 'needs_improvement' && to === 'submitted') return 'resubmitted';
  if (from === 'approved' && to === 'submitted') return 'update_submitted';
  return contentChanged ? 'edited' : 'ideas_changed';
}
