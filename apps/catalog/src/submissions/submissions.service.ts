import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  type CreateSubmissionRequest,
  type CreateSubmissionResult,
  type HistoryResult,
  isUser,
  type PageInfo,
  type PageRequest,
  type PolicySubmission,
  REVIEW_QUEUE_LIMIT,
  type RequestContext,
  type ReviewQueue,
  type ReviewRequest,
  type SubmissionDetailResult,
  type SubmissionValidation,
  SUBMISSIONS_LIMIT,
  type UpdateSubmissionRequest,
  type ValidateSubmissionRequest,
} from '@pc/contracts';
import {
  conflict,
  DomainError,
  fitToBudget,
  LIST_REPLY_BUDGET_BYTES,
  notFound,
} from '@pc/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { requireAdmin, requireUser } from '../common/caller';
import { decodeKeyset, pageOf } from '../common/paging';
import { DocTabsRepository } from '../docs/doc-tabs.repository';
import { publishedDocTabs, stageDocTabs } from '../docs/doc-tabs';
import { HistoryRepository } from '../history/history.repository';
import { IdeasRepository } from '../ideas/ideas.repository';
import { IdeasService } from '../ideas/ideas.service';
import { OutboxRelay } from '../outbox/outbox.relay';
import { PoliciesRepository } from '../policies/policies.repository';
import type { PolicyChanges } from '../policies/policy.row';
import { PoliciesService } from '../policies/policies.service';
import { RevisionsRepository, toRevision } from '../revisions/revisions.repository';
import { RepositoryInspector } from '../source/repository-inspector';
import {
  type SubmissionRow,
  SubmissionsRepository,
  toSubmission,
  toSubmissionSummary,
} from './submissions.repository';

/** Submitting a policy repository, resubmitting it, and the administrator's review. */
@Injectable()
export class SubmissionsService {
  constructor(
    private readonly submissions: SubmissionsRepository,
    private readonly policies: PoliciesRepository,
    private readonly policiesService: PoliciesService,
    private readonly docTabs: DocTabsRepository,
    private readonly history: HistoryRepository,
    private readonly ideas: IdeasRepository,
    private readonly ideasService: IdeasService,
    private readonly revisions: RevisionsRepository,
    private readonly relay: OutboxRelay,
    private readonly inspector: RepositoryInspector,
    @Inject(DataSource) private readonly dataSource: DataSource,
  ) {}

  async validate(
    ctx: RequestContext,
    request: ValidateSubmissionRequest,
  ): Promise<{ validation: SubmissionValidation }> {
    requireUser(ctx);
    return { validation: await this.inspector.validate(request) };
  }

  /**
   * A failing validation is a 400 listing every problem and carrying the whole validation report;
   * nothing is written then.
   */
  async create(ctx: RequestContext, request: CreateSubmissionRequest): Promise<CreateSubmissionResult> {
    const caller = requireUser(ctx);
    const validation = await this.validRepository(request);
    const ideas = await this.ideasService.checkDeclarations(request.deliversIdeaIds ?? []);
    const stagedTabs = stageDocTabs(request.docTabs);
    const row = await this.dataSource.transaction(async (db) => {
      const policy = await this.policies.insert(db, {
        slug: await this.freeSlug(db, request.name),
        name: request.name.trim(),
        description: request.description,
        category: request.category?.trim() || validation.definition?.category || null,
        owner_id: caller.userId,
        project_type: validation.projectType,
        source_host_url: request.sourceHostUrl,
        implementation_source_host_url: request.implementationSourceHostUrl ?? null,
        source_ref: request.sourceRef ?? null,
        implementation_source_ref: request.implementationSourceRef ?? null,
        video_tutorial_url: request.videoTutorialUrl ?? null,
        examples_url: request.examplesUrl ?? null,
        icon_url: request.iconUrl ?? null,
        icon_disabled: request.iconDisabled ?? false,
        asset_kinds: request.assetKinds ?? validation.assetKinds,
        a2a_protocol_versions: request.a2aProtocolVersions ?? [],
        direction: request.direction ?? 'inbound',
        version: validation.version,
        kit_version: validation.kitVersion,
        source_host_has_issues: validation.hasIssues ?? false,
      });
      const submission = await this.submissions.insert(db, {
        policy_id: policy.id,
        submitted_by: caller.userId,
        name: policy.name,
        description: policy.description,
        source_host_url: policy.source_host_url,
        implementation_source_host_url: policy.implementation_source_host_url,
        doc_tabs: stagedTabs,
        validation,
      });
      await this.ideas.declare(db, policy.id, ideas);
      await this.history.record(db, policy.id, caller.userId, 'submitted', { submissionId: submission.id });
      return submission;
    });
    return { submission: toSubmission(row), validation };
  }

  /** One page, newest first: at most `limit` submissions and at most the reply budget in bytes. */
  async list(
    ctx: RequestContext,
    request: PageRequest,
  ): Promise<{ submissions: PolicySubmission[] } & PageInfo> {
    const caller = requireUser(ctx);
    const limit = Math.min(request.limit ?? SUBMISSIONS_LIMIT.default, SUBMISSIONS_LIMIT.max);
    const rows = await this.submissions.listBy(
      caller.userId,
      limit,
      decodeKeyset(request.cursor, 'submissions'),
    );
    const page = await pageOf(rows, limit, 'submissions', (head) => head.map(toSubmission));
    return { submissions: page.items, hasMore: page.hasMore, nextCursor: page.nextCursor };
  }

  async get(ctx: RequestContext, id: string): Promise<SubmissionDetailResult> {
    const row = await this.visible(ctx, id);
    return { submission: toSubmission(row), docTabs: row.doc_tabs };
  }

  async historyOf(ctx: RequestContext, id: string): Promise<HistoryResult> {
    const row = await this.visible(ctx, id);
    return this.policiesService.historyOf({ ...ctx, caller: ctx.caller }, { id: row.policy_id, limit: 200 });
  }

  /**
   * The policy's owner (who received it, after a transfer) edits a submission that is waiting or was
   * rejected; a rejected one goes back into the queue. A new repository URL is validated again. The
   * status is checked again under the submission's row lock, so an approval that commits meanwhile is
   * never undone (409).
   */
  async update(
    ctx: RequestContext,
    request: UpdateSubmissionRequest,
  ): Promise<{ submission: PolicySubmission }> {
    const caller = requireUser(ctx);
    const current = await this.visible(ctx, request.id);
    if (current.owner_id !== caller.userId) throw notFound('Submission');
    if (current.status === 'approved') throw approvedAlready();
    const repositoryChanged =
      (request.sourceHostUrl !== undefined && request.sourceHostUrl !== current.source_host_url) ||
      (request.implementationSourceHostUrl !== undefined &&
        request.implementationSourceHostUrl !== current.implementation_source_host_url);
    const validation = repositoryChanged
      ? await this.validRepository({
          projectType: current.validation.projectType,
          sourceHostUrl: request.sourceHostUrl ?? current.source_host_url,
          implementationSourceHostUrl:
            request.implementationSourceHostUrl ?? current.implementation_source_host_url ?? undefined,
          name: request.name ?? current.name,
          description: request.description ?? current.description,
        })
      : undefined;
    const ideas = request.deliversIdeaIds
      ? await this.ideasService.checkDeclarations(request.deliversIdeaIds)
      : undefined;
    const stagedTabs = request.docTabs ? stageDocTabs(request.docTabs) : undefined;
    const row = await this.dataSource.transaction(async (db) => {
      const locked = await this.submissions.findById(current.id, db, true);
      if (!locked || locked.owner_id !== caller.userId) throw notFound('Submission');
      if (locked.status === 'approved') throw approvedAlready();
      const policyChanges: PolicyChanges = {
        name: request.name?.trim(),
        description: request.description,
        category: request.category,
        source_host_url: request.sourceHostUrl,
        implementation_source_host_url: request.implementationSourceHostUrl,
        source_ref: request.sourceRef,
        implementation_source_ref: request.implementationSourceRef,
        video_tutorial_url: request.videoTutorialUrl,
        examples_url: request.examplesUrl,
        icon_url: request.iconUrl,
        icon_disabled: request.iconDisabled,
        direction: request.direction,
        asset_kinds: request.assetKinds,
        a2a_protocol_versions: request.a2aProtocolVersions,
        version: validation?.version ?? undefined,
        kit_version: validation?.kitVersion ?? undefined,
        status: 'under_review',
      };
      await this.policies.update(db, current.policy_id, policyChanges);
      if (ideas) await this.ideas.declare(db, current.policy_id, ideas);
      const updated = await this.submissions.update(db, current.id, {
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
        current.policy_id,
        caller.userId,
        locked.status === 'rejected' ? 'resubmitted' : 'submission_edited',
        { fields },
      );
      return updated;
    });
    return { submission: toSubmission(row) };
  }

  /**
   * Publishes the policy: its staged documentation is copied, the overview seeded from the description,
   * and ideas it fully delivers (or completes) become delivered, their submitters notified.
   */
  async approve(ctx: RequestContext, request: ReviewRequest): Promise<{ submission: PolicySubmission }> {
    const admin = requireAdmin(ctx);
    const { row, events } = await this.dataSource.transaction(async (db) => {
      const current = await this.pendingForReview(db, request.id);
      const policy = await this.policies.update(db, current.policy_id, {
        status: 'published',
        published_at: new Date(),
      });
      await this.docTabs.replaceAll(db, policy.id, publishedDocTabs(current.doc_tabs, policy.description));
      const updated = await this.submissions.update(
        db,
        current.id,
        { status: 'approved', feedback: request.feedback ?? null },
        admin.userId,
      );
      await this.history.record(db, policy.id, admin.userId, 'approved', { submissionId: current.id });
      const delivered = await this.ideasService.deliverAndAnnounce(db, 'policy', policy.id, policy.name);
      return { row: updated, events: delivered };
    });
    if (events > 0) this.relay.kick();
    return { submission: toSubmission(row) };
  }

  async reject(ctx: RequestContext, request: ReviewRequest): Promise<{ submission: PolicySubmission }> {
    const admin = requireAdmin(ctx);
    const row = await this.dataSource.transaction(async (db) => {
      const current = await this.pendingForReview(db, request.id);
      await this.policies.update(db, current.policy_id, { status: 'rejected' });
      const updated = await this.submissions.update(
        db,
        current.id,
        { status: 'rejected', feedback: request.feedback ?? null },
        admin.userId,
      );
      await this.history.record(db, current.policy_id, admin.userId, 'rejected', {
        submissionId: current.id,
        feedback: request.feedback ?? null,
      });
      return updated;
    });
    return { submission: toSubmission(row) };
  }

  /**
   * The oldest `limit` items of each kind, submissions as summaries, each kind within a third of the
   * reply budget. No cursor: deciding the oldest items brings the next ones into the queue.
   */
  async queue(ctx: RequestContext, request: { limit?: number }): Promise<ReviewQueue> {
    requireAdmin(ctx);
    const limit = Math.min(request.limit ?? REVIEW_QUEUE_LIMIT.default, REVIEW_QUEUE_LIMIT.max);
    const [submissions, revisions, ideas] = await Promise.all([
      this.submissions.pending(limit),
      this.revisions.pending(limit),
      this.ideas.pending(limit),
    ]);
    const budget = Math.floor(LIST_REPLY_BUDGET_BYTES / 3);
    const shown = {
      submissions: fitToBudget(submissions.slice(0, limit).map(toSubmissionSummary), budget),
      revisions: fitToBudget(
        revisions.slice(0, limit).map((r) => ({ ...toRevision(r), policy_name: r.policy_name })),
        budget,
      ),
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

  private async validRepository(
    request: ValidateSubmissionRequest & { name?: string; description?: string },
  ): Promise<SubmissionValidation> {
    const validation = await this.inspector.validate(request);
    if (!validation.ok) {
      throw new DomainError(
        'CATALOG.VALIDATION_FAILED',
        'The repository is not a valid policy repository',
        validation.errors.map((message) => ({ field: 'validation', message })),
        undefined,
        { validation },
      );
    }
    return validation;
  }

  /** For the policy's current owner or an administrator; others (a previous owner too) get 404. */
  private async visible(ctx: RequestContext, id: string): Promise<SubmissionRow> {
    const row = await this.submissions.findById(id);
    const caller = ctx.caller;
    if (!row || !isUser(caller) || (row.owner_id !== caller.userId && !caller.isAdmin)) {
      throw notFound('Submission');
    }
    return row;
  }

  private async pendingForReview(db: EntityManager, id: string): Promise<SubmissionRow> {
    const row = await this.submissions.findById(id, db, true);
    if (!row) throw notFound('Submission');
    if (row.status !== 'submitted') throw conflict(`The submission was already ${row.status}`);
    return row;
  }

  private async freeSlug(db: EntityManager, name: string): Promise<string> {
    const base =
      name
        .toLowerCase()
        .normalize('NFKD')
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 80) || 'policy';
    if (!(await this.policies.slugTaken(base, db))) return base;
    return `${base}-${randomBytes(3).toString('hex')}`;
  }
}

function approvedAlready(): DomainError {
  return conflict('The submission was approved: edit the policy, or propose a revision');
}
