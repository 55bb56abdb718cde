import { Injectable } from '@nestjs/common';
import {
  type PinRulesetRequest,
  type RequestContext,
  type Ruleset,
  type RulesetValidation,
  RulesetsEvents,
} from '@pc/contracts';
import { type KindPins, Outbox, type PinnedSource, pinnedNow } from '@pc/listings';
import type { Executor, PrebuiltJson } from '@pc/platform';
import { SubmissionHistory } from '../history';
import { RulesetVersions } from '../profiles';
import { RulesetAccess, type RulesetRow, RulesetsService, RulesetWrites } from '../rulesets';
import { SubmissionRecords } from '../submissions';
import { RulesetInspector, validatedContent } from '../validation';

/** A ruleset's pin, to the kernel's `Pinning`: its source repository's; the submission's history records who pinned it. */
@Injectable()
export class PinsService implements KindPins<
  RulesetRow,
  PinRulesetRequest,
  RulesetValidation,
  PrebuiltJson<{ ruleset: Ruleset }>
> {
  readonly rules = {
    noun: 'ruleset',
    notPublished: 'RULESETS.NOT_PUBLISHED',
    invalid: 'RULESETS.VALIDATION_FAILED',
  } as const;

  constructor(
    readonly access: RulesetAccess,
    private readonly rulesets: RulesetWrites,
    private readonly submissions: SubmissionRecords,
    private readonly reads: RulesetsService,
    private readonly history: SubmissionHistory,
    private readonly inspector: RulesetInspector,
    private readonly outbox: Outbox,
    private readonly versions: RulesetVersions,
  ) {}

  /** The repository validated as the pinning administrator's work: its engine checks count in their share. */
  inspect(ruleset: RulesetRow, request: PinRulesetRequest, adminId: string): Promise<RulesetValidation> {
    return this.inspector.validate(
      {
        repoUrl: ruleset.source_url,
        ref: request.commit ?? ruleset.source_ref ?? undefined,
        rulesetPath: ruleset.ruleset_path ?? undefined,
      },
      adminId,
    );
  }

  inspected(ruleset: RulesetRow): unknown[] {
    return [ruleset.source_url, ruleset.source_ref, ruleset.ruleset_path, ruleset.pinned_commit];
  }

  async record(
    tx: Executor,
    ruleset: RulesetRow,
    validation: RulesetValidation,
    adminId: string,
  ): Promise<RulesetRow> {
    // The ruleset shows, and evaluates with, the pinned commit's rules (as an approval sets them): the
    // version kept below, and the applicable rules of an API's evaluation, are read from them.
    const updated = await this.rulesets.update(tx, ruleset.id, {
      ...validatedContent(validation),
      ruleset_path: validation.rulesetPath ?? ruleset.ruleset_path,
      ...pinnedNow('admin', adminId, validation.commit, validation.contentDigest),
    });
    const submission = ruleset.submission_id
      ? await this.submissions.findById(tx, ruleset.submission_id)
      : null;
    if (submission)
      await this.history.record(tx, submission, {
        actor_id: adminId,
        action: 'pinned',
        feedback: `Pinned to the reviewed commit ${validation.commit}`,
      });
    // A new reviewed version: kept with the pin (profiles may pin it once the next is out), and those who
    // deployed it hear of it (webhooks).
    await this.versions.keepCurrent(tx, updated);
    await this.outbox.addEvent(tx, RulesetsEvents.versionPublished, {
      ruleset_id: ruleset.id,
      ruleset_name: ruleset.name,
      version: null,
      commit: validation.commit,
      submission_id: ruleset.submission_id,
      how: 'admin',
    });
    return updated;
  }

  present(ctx: RequestContext, ruleset: RulesetRow): Promise<PrebuiltJson<{ ruleset: Ruleset }>> {
    return this.reads.get(ctx, ruleset.id);
  }

  pinnedSources(ruleset: RulesetRow): [PinnedSource | null, PinnedSource | null] {
    return [
      ruleset.pinned_commit
        ? { url: ruleset.source_url, ref: ruleset.source_ref, pinned: ruleset.pinned_commit }
        : null,
      null,
    ];
  }
}
