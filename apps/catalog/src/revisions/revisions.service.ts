import { Injectable } from '@nestjs/common';
import {
  characterCount,
  type CreateRevisionRequest,
  type PageInfo,
  type PageRequest,
  POLICY_DESCRIPTION,
  type PolicyIdRequest,
  type PolicyRevision,
  type ProjectType,
  type RequestContext,
  REVISION_VALUE_MAX,
  REVISIONS_LIMIT,
  type ReviewRequest,
  type RevisionField,
  type SubmissionValidation,
} from '@pc/contracts';
import { Database, DomainError, type Executor, notFound } from '@pc/platform';
import { isUniqueViolation, requireAdmin, requireUser } from '../common/caller';
import { decodeKeyset, pageOf } from '../common/paging';
import { PolicyHistory } from '../history';
import { Outbox } from '@pc/listings';
import {
  PolicyAccess,
  PolicyRecords,
  type PolicyRow,
  type RepositoryLabels,
  repositoryLabels,
  sourcesOf,
} from '../policies';
import { RepositoryInspector } from '../source';
import { type RevisionRow, RevisionsRepository, toRevision } from './revisions.repository';
import { catalogError } from '../common/catalog.errors';
import { policyPins, reviewDecided, versionPublished } from '../common/policy-events';

/** A proposal that passed every check and is ready to be written. */
export interface RevisionDraft {
  field: RevisionField;
  value: string;
  previous: string;
}

/** Repository URLs proposed in the same request, validated together (a split policy's pair). */
export interface ProposedRepositories {
  sourceHostUrl?: string;
  implementationSourceHostUrl?: string | null;
}

/**
 * Owner-proposed edits of a published policy's About text and repositories, live only once approved.
 * Checking (which may read the source host) and writing are separate, so that a caller filing several
 * proposals checks them all before it writes any.
 */
@Injectable()
export class RevisionsService {
  constructor(
    private readonly db: Database,
    private readonly revisions: RevisionsRepository,
    private readonly policies: PolicyRecords,
    private readonly access: PolicyAccess,
    private readonly history: PolicyHistory,
    private readonly inspector: RepositoryInspector,
    private readonly outbox: Outbox,
  ) {}

  async propose(
    ctx: RequestContext,
    request: CreateRevisionRequest,
  ): Promise<{ revision: PolicyRevision; policy_name: string }> {
    const caller = requireUser(ctx);
    const policy = await this.access.owned(ctx, request.policyId);
    const draft = await this.check(policy, request.field, request.value);
    const row = await onePendingPerField(() =>
      this.db.transaction((db) => this.file(db, policy.id, caller.userId, draft)),
    );
    return { revision: toRevision(row), policy_name: policy.name };
  }

  /**
   * 422 when the policy is not published (it is edited through its submission then), when the value is
   * invalid, or when a unified policy is given an implementation repository. Writes nothing.
   */
  async check(
    policy: PolicyRow,
    field: RevisionField,
    rawValue: string,
    proposed: ProposedRepositories = {},
  ): Promise<RevisionDraft> {
    if (policy.status !== 'published') {
      throw catalogError(
        'CATALOG.POLICY_NOT_PUBLISHED',
        'The policy is not published yet: edit its submission instead of proposing a revision',
        [{ field: 'policyId', message: 'is not published' }],
      );
    }
    const value = rawValue.trim();
    if (characterCount(rawValue) > REVISION_VALUE_MAX) {
      throw catalogError('CATALOG.REVISION_VALUE_INVALID', 'Invalid revision value', [
        { field: 'value', message: `must be at most ${REVISION_VALUE_MAX} characters` },
      ]);
    }
    if (field === 'description') {
      const characters = characterCount(value);
      if (characters < POLICY_DESCRIPTION.min || characters > POLICY_DESCRIPTION.max) {
        throw catalogError('CATALOG.REVISION_VALUE_INVALID', 'Invalid revision value', [
          {
            field: 'value',
            message: `must be ${POLICY_DESCRIPTION.min} to ${POLICY_DESCRIPTION.max} characters`,
          },
        ]);
      }
      return { field, value, previous: policy.description };
    }
    if (field === 'implementation_source_host_url' && policy.project_type !== 'split') {
      throw catalogError('CATALOG.POLICY_NOT_SPLIT', 'A unified policy has no implementation repository', [
        { field: 'implementationSourceHostUrl', message: 'applies to split policies only' },
      ]);
    }
    const sourceHostUrl =
      field === 'source_host_url' ? value : (proposed.sourceHostUrl ?? policy.source_host_url);
    const implementationSourceHostUrl =
      field === 'implementation_source_host_url'
        ? value
        : (proposed.implementationSourceHostUrl ?? policy.implementation_source_host_url ?? undefined);
    const validation = await this.inspector.validate({
      projectType: policy.project_type,
      sourceHostUrl,
      implementationSourceHostUrl,
    });
    if (!validation.ok) {
      throw catalogError(
        'CATALOG.REVISION_REPOSITORY_INVALID',
        'The new repository does not have the shape of a policy repository',
        validation.errors.map((message) => ({ field: 'value', message })),
      );
    }
    return { field, value, previous: policy[field] ?? '' };
  }

  /** Writes a checked proposal in the caller's transaction (see `onePendingPerField` for the 409). */
  async file(db: Executor, policyId: string, userId: string, draft: RevisionDraft): Promise<RevisionRow> {
    const inserted = await this.revisions.insert(db, {
      policy_id: policyId,
      field: draft.field,
      proposed_value: draft.value,
      previous_value: draft.previous,
      submitted_by: userId,
    });
    await this.history.record(db, policyId, userId, 'revision_proposed', {
      revisionId: inserted.id,
      field: draft.field,
    });
    return inserted;
  }

  /**
   * The revisions of the policy the caller proposed, whoever owns it now: a new owner never sees the
   * previous owner's, who still sees theirs (and why a transfer rejected them). Administrators too see
   * their own here; every pending revision waits for them in the review queue. Newest first, one page:
   * at most `limit` revisions and at most the reply budget in bytes.
   */
  async listMine(
    ctx: RequestContext,
    request: PolicyIdRequest & PageRequest,
  ): Promise<{ revisions: PolicyRevision[] } & PageInfo> {
    const caller = requireUser(ctx);
    await this.access.visible(ctx, request.id);
    const limit = Math.min(request.limit ?? REVISIONS_LIMIT.default, REVISIONS_LIMIT.max);
    const rows = await this.revisions.listFor(
      this.db.pool,
      request.id,
      caller.userId,
      limit,
      decodeKeyset(request.cursor, 'revisions'),
    );
    const page = await pageOf(rows, limit, 'revisions', (head) => head.map(toRevision));
    return { revisions: page.items, hasMore: page.hasMore, nextCursor: page.nextCursor };
  }

  /** The live value changes here, in the same transaction that decides the revision. */
  async approve(ctx: RequestContext, request: ReviewRequest): Promise<{ revision: PolicyRevision }> {
    const admin = requireAdmin(ctx);
    const reviewed = await this.reviewedSource(request.id);
    return this.decide(request, 'approved', admin.userId, async (db, decided) => {
      // The repositories were read before this transaction (seconds): another revision's approval or a pin
      // may have moved the policy meanwhile, and these pins would then name commits of repositories it no
      // longer has.
      let labels: RepositoryLabels = {};
      if (reviewed) {
        const current = await this.policies.findById(db, decided.policy_id, true);
        if (!current || JSON.stringify(sourcesOf(current)) !== JSON.stringify(sourcesOf(reviewed.policy)))
          throw new DomainError(
            'CONFLICT',
            "The policy's repositories or pins changed while this revision was checked (another approval or a pin): approve it again",
          );
        // Read from the new repository now, the policy takes what it says of itself.
        labels = repositoryLabels(current, reviewed.validation);
      }
      const pins = reviewed && policyPins('review', admin.userId, reviewed.projectType, reviewed.validation);
      const policy = await this.policies.update(db, decided.policy_id, {
        [decided.field]: decided.proposed_value,
        ...pins,
        ...labels,
      });
      await this.history.record(db, decided.policy_id, admin.userId, 'revision_approved', {
        revisionId: decided.id,
        field: decided.field,
        ...(pins ? { commit: pins.pinned_commit, contentDigest: pins.pinned_content_digest } : {}),
      });
      await reviewDecided(this.outbox, db, 'revision', decided, 'approved', policy.name);
      if (pins) await versionPublished(this.outbox, db, policy, pins, 'review');
    });
  }

  /**
   * On a transfer the pending proposals of the previous owner are rejected with `feedback`, in the
   * accepting transaction: the new owner never inherits text they did not write.
   */
  withdrawPending(tx: Executor, policyId: string, feedback: string): Promise<RevisionRow[]> {
    return this.revisions.withdrawPending(tx, policyId, feedback);
  }

  /** The oldest `limit` pending revisions with their policy's name (one more, to tell whether others wait). */
  async waiting(limit: number): Promise<Array<PolicyRevision & { policy_name: string }>> {
    const rows = await this.revisions.pending(this.db.pool, limit);
    return rows.map((r) => ({ ...toRevision(r), policy_name: r.policy_name }));
  }

  /**
   * A revision of a repository moves its pin: the repository it proposes is read at the policy's ref now,
   * the other one of a split policy where it is pinned (what was reviewed, an administrator's pin too: a
   * commit pushed since was never reviewed), and those commits and digests are what the approval pins.
   * Null for a description revision (the reviewed code stays pinned) or a revision no longer pending.
   */
  private async reviewedSource(
    revisionId: string,
  ): Promise<{ projectType: ProjectType; validation: SubmissionValidation; policy: PolicyRow } | null> {
    const pending = await this.revisions.findById(this.db.pool, revisionId);
    if (!pending || pending.status !== 'pending' || pending.field === 'description') return null;
    const policy = await this.policies.findById(this.db.pool, pending.policy_id);
    if (!policy) return null;
    const value = (field: RevisionField): string | null =>
      pending.field === field ? pending.proposed_value : policy[field];
    const readAt = (field: RevisionField, ref: string | null, pinned: string | null): string | undefined =>
      (pending.field === field ? ref : (pinned ?? ref)) ?? undefined;
    const validation = await this.inspector.validate({
      name: policy.name,
      description: policy.description,
      projectType: policy.project_type,
      sourceHostUrl: value('source_host_url')!,
      implementationSourceHostUrl: value('implementation_source_host_url') ?? undefined,
      sourceRef: readAt('source_host_url', policy.source_ref, policy.pinned_commit),
      implementationSourceRef: readAt(
        'implementation_source_host_url',
        policy.implementation_source_ref,
        policy.implementation_pinned_commit,
      ),
    });
    if (!validation.ok || !validation.commit)
      throw catalogError(
        'CATALOG.REVISION_REPOSITORY_INVALID',
        'The repository no longer has the shape of a policy repository: reject the revision',
        validation.errors.map((message) => ({ field: 'value', message })),
      );
    return { projectType: policy.project_type, validation, policy };
  }

  async reject(ctx: RequestContext, request: ReviewRequest): Promise<{ revision: PolicyRevision }> {
    const admin = requireAdmin(ctx);
    return this.decide(request, 'rejected', admin.userId, async (db, decided) => {
      await this.history.record(db, decided.policy_id, admin.userId, 'revision_rejected', {
        revisionId: decided.id,
        field: decided.field,
        feedback: request.feedback ?? null,
      });
      const policy = await this.policies.findById(db, decided.policy_id);
      await reviewDecided(this.outbox, db, 'revision', decided, 'rejected', policy?.name ?? '');
    });
  }

  /**
   * Decides the pending revision and writes what `write` adds, in one transaction (404 for no revision,
   * 409 for one decided already); the outbox is kicked after commit.
   */
  private async decide(
    request: ReviewRequest,
    status: 'approved' | 'rejected',
    adminId: string,
    write: (db: Executor, decided: RevisionRow) => Promise<void>,
  ): Promise<{ revision: PolicyRevision }> {
    const row = await this.db.transaction(async (db) => {
      const decided = await this.revisions.decide(db, request.id, status, adminId, request.feedback ?? null);
      if (!decided) throw await this.notPending(db, request.id);
      await write(db, decided);
      return decided;
    });
    this.outbox.kick();
    return { revision: toRevision(row) };
  }

  /** Read in the deciding transaction: a second pool connection per request can starve the pool. */
  private async notPending(db: Executor, id: string): Promise<DomainError> {
    const existing = await this.revisions.findById(db, id);
    return existing
      ? catalogError('CATALOG.REVISION_DECIDED', `The revision was already ${existing.status}`)
      : notFound('Revision');
  }
}

/** Runs `write`; a second pending revision of one field (the partial unique index) becomes a 409. */
export async function onePendingPerField<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'policy_revisions_one_pending')) {
      throw catalogError('CATALOG.REVISION_PENDING', 'A revision of that field is already pending');
    }
    throw error;
  }
}
