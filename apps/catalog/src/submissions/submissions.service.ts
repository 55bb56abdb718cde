import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  type CreateSubmissionRequest,
  type HistoryResult,
  type PolicySubmission,
  type RequestContext,
  type SubmissionValidation,
  SUBMISSIONS_LIMIT,
  type UpdateSubmissionRequest,
  type UserCaller,
  type ValidateSubmissionRequest,
} from '@pc/contracts';
import { type Submitted, type SubmissionEdit, Submitting } from '@pc/listings';
import { Database, DomainError, type Executor, forbidden, notFound } from '@pc/platform';
import { requireUser } from '../common/caller';
import { stageDocTabs } from '../docs';
import { PolicyHistory } from '../history';
import { IdeasService } from '../ideas';
import {
  type PolicyChanges,
  PolicyReadsService,
  PolicyRecords,
  type RepositoryLabels,
  repositoryLabels,
} from '../policies';
import { RepositoryInspector } from '../source';
import { type SubmissionRow, SubmissionRecords, toSubmission } from './submissions.repository';
import { catalogError } from '../common/catalog.errors';

/** The repositories and refs a policy is validated at (its name and description named in the report). */
type Source = ValidateSubmissionRequest & { name?: string; description?: string };
type PolicyEdit = SubmissionEdit<SubmissionRow, UpdateSubmissionRequest, SubmissionValidation>;

/**
 * Submitting a policy repository and editing or resubmitting it before review (the review itself is
 * `SubmissionReviewService`). Validation reads the ref that will be deployed and records its commit.
 */
@Injectable()
export class SubmissionsService extends Submitting<
  SubmissionRow,
  Source,
  SubmissionValidation,
  CreateSubmissionRequest,
  UpdateSubmissionRequest,
  PolicySubmission
> {
  constructor(
    db: Database,
    private readonly submissions: SubmissionRecords,
    private readonly policies: PolicyRecords,
    private readonly policyReads: PolicyReadsService,
    private readonly history: PolicyHistory,
    ideas: IdeasService,
    private readonly inspector: RepositoryInspector,
  ) {
    super(db, {
      table: submissions,
      inspect: (source) => inspector.validate(source),
      invalid: {
        code: 'CATALOG.SUBMISSION_REPOSITORY_INVALID',
        message: 'The repository is not a valid policy repository',
        field: 'validation',
      },
      sourceOf: (request) => request,
      sourceColumns: [
        'source_host_url',
        'implementation_source_host_url',
        'source_ref',
        'implementation_source_ref',
      ],
      ideas: {
        check: (_ctx, declared) => ideas.checkDeclarations(declared),
        declare: (tx, _ctx, row, declared) => ideas.declareFor(tx, row.policy_id, declared),
      },
      stageTabs: (input) => stageDocTabs(input),
      mine: { ordering: 'submissions', limits: SUBMISSIONS_LIMIT },
      present: toSubmission,
    });
  }

  async validate(
    ctx: RequestContext,
    request: ValidateSubmissionRequest,
  ): Promise<{ validation: SubmissionValidation }> {
    requireUser(ctx);
    return { validation: await this.inspector.validate(request) };
  }

  protected async insert(
    db: Executor,
    submitted: Submitted<CreateSubmissionRequest, SubmissionValidation>,
  ): Promise<SubmissionRow> {
    const { caller, input: request, validation, stagedTabs } = submitted;
    const policy = await this.policies.insert(db, {
      slug: await this.freeSlug(db, request.name),
      name: request.name.trim(),
      description: request.description,
      category: request.category?.trim() || validation.definition?.category || null,
      owner_id: caller.userId,
      project_type: validation.projectType,
      source_host_url: request.sourceHostUrl,
      implementation_source_host_url: request.implementationSourceHostUrl ?? null,
      // The ref named (in the field or the URL's /tree/<ref>): the one validated is the one deployed.
      source_ref: namedRef(validation.ref, validation.defaultBranch, request.sourceRef),
      implementation_source_ref:
        validation.projectType === 'split'
          ? namedRef(
              validation.implementationRef,
              validation.implementationDefaultBranch,
              request.implementationSourceRef,
            )
          : null,
      video_tutorial_url: request.videoTutorialUrl ?? null,
      examples_url: request.examplesUrl ?? null,
      icon_url: request.iconUrl ?? null,
      icon_disabled: request.iconDisabled ?? false,
      asset_kinds: request.assetKinds ?? validation.assetKinds,
      repository_category: validation.definition?.category ?? null,
      repository_asset_kinds: validation.assetKinds,
      a2a_protocol_versions: request.a2aProtocolVersions ?? [],
      direction: request.direction ?? 'inbound',
      version: validation.version,
      kit_version: validation.kitVersion,
      source_host_has_issues: validation.hasIssues ?? false,
    });
    const submission = await this.submissions.insert(db, {
      policy_id: policy.id,
      submitted_by: caller.userId,
      status: 'submitted',
      name: policy.name,
      description: policy.description,
      source_host_url: policy.source_host_url,
      implementation_source_host_url: policy.implementation_source_host_url,
      doc_tabs: stagedTabs,
      validation,
    });
    await this.history.record(db, policy.id, caller.userId, 'submitted', { submissionId: submission.id });
    return submission;
  }

  async historyOf(ctx: RequestContext, id: string): Promise<HistoryResult> {
    const row = await this.visible(ctx, id);
    return this.policyReads.historyOf({ ...ctx, caller: ctx.caller }, { id: row.policy_id, limit: 200 });
  }

  /**
   * The policy's owner (who received it, after a transfer) edits a submission that is waiting or was
   * rejected; either way it goes (back) into the queue. A new repository URL or ref is validated again at
   * that ref, and its commit recorded: the reviewer sees what will be deployed. Once approved, the refs
   * are an administrator's to change (403), the rest is edited on the policy (409). The status is checked
   * again under the submission's row lock, so an approval that commits meanwhile is never undone.
   */
  protected checkEditable(caller: UserCaller, row: SubmissionRow, request: UpdateSubmissionRequest): void {
    if (row.owner_id !== caller.userId) throw notFound('Submission');
    if (row.status === 'approved') throw approvedAlready(request);
  }

  protected sourceAfter(current: SubmissionRow, request: UpdateSubmissionRequest): Source | null {
    return sourceChanged(current, request) ? sourceAfter(current, request) : null;
  }

  protected async write(
    db: Executor,
    { caller, locked, request, validation, stagedTabs }: PolicyEdit,
  ): Promise<SubmissionRow> {
    // Read from another repository or ref, the policy takes what it says of itself (`repositoryLabels`);
    // a category or asset kinds named in the edit are the owner's.
    const policy = validation ? await this.policies.findById(db, locked.policy_id, true) : null;
    const labels: RepositoryLabels = policy && validation ? repositoryLabels(policy, validation) : {};
    const policyChanges: PolicyChanges = {
      ...labels,
      name: request.name?.trim(),
      description: request.description,
      category: request.category ?? labels.category,
      source_host_url: request.sourceHostUrl,
      implementation_source_host_url: request.implementationSourceHostUrl,
      source_ref: validation
        ? namedRef(validation.ref, validation.defaultBranch, request.sourceRef ?? locked.source_ref)
        : undefined,
      implementation_source_ref:
        validation && validation.projectType === 'split'
          ? namedRef(
              validation.implementationRef,
              validation.implementationDefaultBranch,
              request.implementationSourceRef ?? locked.implementation_source_ref,
            )
          : undefined,
      video_tutorial_url: request.videoTutorialUrl,
      examples_url: request.examplesUrl,
      icon_url: request.iconUrl,
      icon_disabled: request.iconDisabled,
      direction: request.direction,
      asset_kinds: request.assetKinds ?? labels.asset_kinds,
      a2a_protocol_versions: request.a2aProtocolVersions,
      status: 'under_review',
    };
    await this.policies.update(db, locked.policy_id, policyChanges);
    const updated = await this.submissions.update(db, locked.id, {
      status: 'submitted',
      name: request.name?.trim(),
      description: request.description,
      source_host_url: request.sourceHostUrl,
      implementation_source_host_url: request.implementationSourceHostUrl,
      doc_tabs: stagedTabs,
      validation,
    });
    const fields = Object.keys(request).filter((k) => k !== 'id');
    await this.history.record(
      db,
      locked.policy_id,
      caller.userId,
      locked.status === 'rejected' ? 'resubmitted' : 'submission_edited',
      validation ? { fields, ref: validation.ref, commit: validation.commit } : { fields },
    );
    return updated;
  }

  private async freeSlug(db: Executor, name: string): Promise<string> {
    const base =
      name
        .toLowerCase()
        .normalize('NFKD')
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 80) || 'policy';
    if (!(await this.policies.slugTaken(db, base))) return base;
    return `${base}-${randomBytes(3).toString('hex')}`;
  }
}

/** A ref is what gets deployed: after approval only an administrator changes it (on the policy). */
function approvedAlready(request: UpdateSubmissionRequest): DomainError {
  if (request.sourceRef !== undefined || request.implementationSourceRef !== undefined) {
    return forbidden('The policy is published: only an administrator may change its sourceRef');
  }
  return catalogError(
    'CATALOG.SUBMISSION_DECIDED',
    'The submission was approved: edit the policy, or propose a revision',
  );
}

/**
 * The ref the policy names for deployment: the one asked for (or given in the URL) as validated; null
 * when nothing was named and the default branch was read.
 */
function namedRef(
  validated: string | null,
  defaultBranch: string | null,
  asked: string | null | undefined,
): string | null {
  if (!validated) return null;
  return asked || validated !== defaultBranch ? validated : null;
}

/** Whether the repository or the ref to deploy changes: then it is read again before review. */
function sourceChanged(current: SubmissionRow, request: UpdateSubmissionRequest): boolean {
  const differs = (asked: string | undefined, now: string | null): boolean =>
    asked !== undefined && (asked || null) !== now;
  return (
    differs(request.sourceHostUrl, current.source_host_url) ||
    differs(request.implementationSourceHostUrl, current.implementation_source_host_url) ||
    differs(request.sourceRef, current.source_ref) ||
    differs(request.implementationSourceRef, current.implementation_source_ref)
  );
}

/** The repositories and refs as they will be after the edit. */
function sourceAfter(
  current: SubmissionRow,
  request: UpdateSubmissionRequest,
): ValidateSubmissionRequest & { name: string; description: string } {
  const pick = (asked: string | undefined, now: string | null): string | undefined =>
    asked === undefined ? (now ?? undefined) : asked || undefined;
  return {
    projectType: current.validation.projectType,
    sourceHostUrl: request.sourceHostUrl ?? current.source_host_url,
    implementationSourceHostUrl: pick(
      request.implementationSourceHostUrl,
      current.implementation_source_host_url,
    ),
    sourceRef: pick(request.sourceRef, current.source_ref),
    implementationSourceRef: pick(request.implementationSourceRef, current.implementation_source_ref),
    name: request.name ?? current.name,
    description: request.description ?? current.description,
  };
}
