import { Inject, Injectable } from '@nestjs/common';
import {
  type BranchInfo,
  type HistoryRequest,
  type HistoryResult,
  isUser,
  HISTORY_LIMIT,
  LIST_LIMIT,
  type ListPoliciesRequest,
  type ListPoliciesResult,
  type PolicyDocsResult,
  type PolicyResult,
  type RequestContext,
  type RevisionField,
  type UpdatePolicyRequest,
} from '@pc/contracts';
import {
  badRequest,
  conflict,
  Database,
  fitToBudget,
  forbidden,
  notFound,
  unprocessable,
} from '@pc/platform';
import type { SourceHost } from '@pc/source-host';
import { CatalogEnv } from '../catalog.env';
import { callerId, decodeCursor, encodeCursor, requireUser } from '../common/caller';
import { decodeKeyset, pageOf } from '../common/paging';
import { DocTabsRepository } from '../docs/doc-tabs.repository';
import { HistoryRepository } from '../history/history.repository';
import {
  onePendingPerField,
  type ProposedRepositories,
  type RevisionDraft,
  RevisionsService,
} from '../revisions/revisions.service';
import { sourceHostFailure } from '../source/source-host.failure';
import { SOURCE_HOST } from '../source/source-host.provider';
import { SubmissionsRepository } from '../submissions/submissions.repository';
import { VendorCatalog } from '../vendor/vendor-catalog';
import { completeness, filledPredefined } from './policy.mapper';
import { canSee, PolicyAccess } from './policy-access';
import { PolicyPresenter } from './policy.presenter';
import type { PolicyChanges } from './policy.row';
import { PoliciesRepository } from './policies.repository';

/** How long a failed issue-tracker check is remembered, so callers cannot make every request reach the host. */
const ISSUES_FAILURE_TTL_MS = 5 * 60 * 1000;
const ISSUES_FAILURES_KEPT = 10_000;

@Injectable()
export class PoliciesService {
  /** Policy id to the time until which a failed issue-tracker check stands (per replica). */
  private readonly issuesFailures = new Map<string, number>();

  constructor(
    private readonly db: Database,
    private readonly policies: PoliciesRepository,
    private readonly access: PolicyAccess,
    private readonly presenter: PolicyPresenter,
    private readonly vendor: VendorCatalog,
    private readonly docTabs: DocTabsRepository,
    private readonly history: HistoryRepository,
    private readonly revisions: RevisionsService,
    private readonly submissions: SubmissionsRepository,
    @Inject(SOURCE_HOST) private readonly sourceHost: SourceHost,
    @Inject(CatalogEnv) private readonly env: CatalogEnv,
  ) {}

  /**
   * Vendor entries come from the index; community policies from the database, one page at a time:
   * at most `limit` rows and at most the reply budget in bytes (a shorter page, with `hasMore`).
   * Deep pages follow `nextCursor` (keyset); `offset` is capped by the gateway.
   */
  async list(ctx: RequestContext, request: ListPoliciesRequest): Promise<ListPoliciesResult> {
    const limit = Math.min(request.limit ?? LIST_LIMIT.default, LIST_LIMIT.max);
    const offset = request.offset ?? 0;
    if (request.source === 'vendor') {
      const all = this.vendor.listPolicies(request);
      const policies = fitToBudget(all.slice(offset, offset + limit));
      return { policies, hasMore: all.length > offset + policies.length, nextCursor: null };
    }
    const sort = request.sort ?? 'alpha';
    const order = request.order ?? (sort === 'submitted' ? 'desc' : 'asc');
    const kind = `policies:${sort}:${order}`;
    const after = decodeKeyset(request.cursor, kind);
    if (after && offset > 0) {
      throw badRequest('Give either cursor or offset', [
        { field: 'offset', message: 'must be 0 (or absent) with a cursor' },
      ]);
    }
    const rows = await this.policies.search(this.db.pool, {
      viewerId: callerId(ctx.caller),
      category: request.category,
      q: request.q,
      direction: request.direction,
      assetKind: request.assetKind,
      sort,
      order,
      limit,
      offset,
      after,
    });
    const page = await pageOf(rows, limit, kind, (head) => this.presenter.many(ctx, head));
    return { policies: page.items, hasMore: page.hasMore, nextCursor: page.nextCursor };
  }

  /** One statement reads the policy with its presentation; the owner comes from the cache. */
  async get(ctx: RequestContext, id: string): Promise<PolicyResult> {
    const row = await this.policies.findPresented(this.db.pool, id, callerId(ctx.caller));
    if (!row || !canSee(ctx.caller, row)) throw notFound('Policy');
    return { policy: await this.presenter.presented(ctx, row) };
  }

  /**
   * The owner (or an administrator) changes fields directly; `sourceRef` and `implementationSourceRef`
   * are for administrators only. Repository URLs are never changed here before publication (the
   * submission validates them: 422 pointing there). On a published policy a changed `description`,
   * `sourceHostUrl` or `implementationSourceHostUrl` is not applied: it is filed as a pending revision
   * (owner only: 403 for others, administrators included). Everything is checked first; the field
   * changes and every revision are then written in one transaction, or nothing is.
   */
  async update(ctx: RequestContext, request: UpdatePolicyRequest): Promise<PolicyResult> {
    const caller = requireUser(ctx);
    const current = await this.access.ownedOrAdmin(ctx, request.id);
    if (
      (request.sourceRef !== undefined || request.implementationSourceRef !== undefined) &&
      !caller.isAdmin
    ) {
      throw forbidden('Only an administrator may change sourceRef or implementationSourceRef');
    }
    const published = current.status === 'published';
    const repositories: ProposedRepositories = {
      sourceHostUrl: changedTo(request.sourceHostUrl?.trim(), current.source_host_url),
      implementationSourceHostUrl: changedTo(
        emptyToNull(request.implementationSourceHostUrl),
        current.implementation_source_host_url,
      ),
    };
    if (
      !published &&
      (repositories.sourceHostUrl !== undefined || repositories.implementationSourceHostUrl !== undefined)
    ) {
      throw unprocessable(
        'Before publication a repository changes through PATCH /api/submissions/{id}, which validates it',
        [
          ...(repositories.sourceHostUrl !== undefined
            ? [{ field: 'sourceHostUrl', message: 'change it on the submission' }]
            : []),
          ...(repositories.implementationSourceHostUrl !== undefined
            ? [{ field: 'implementationSourceHostUrl', message: 'change it on the submission' }]
            : []),
        ],
      );
    }
    const proposals: Array<[RevisionField, string]> = [];
    if (published) {
      const description = changedTo(request.description, current.description);
      if (description !== undefined) proposals.push(['description', description]);
      if (repositories.sourceHostUrl !== undefined)
        proposals.push(['source_host_url', repositories.sourceHostUrl]);
      if (repositories.implementationSourceHostUrl !== undefined)
        proposals.push(['implementation_source_host_url', repositories.implementationSourceHostUrl ?? '']);
      if (proposals.length > 0 && caller.userId !== current.owner_id) {
        throw forbidden('Only the owner may propose a new description or repository of a published policy');
      }
    }
    const drafts: RevisionDraft[] = [];
    for (const [field, value] of proposals)
      drafts.push(await this.revisions.check(current, field, value, repositories));
    const changes: PolicyChanges = {
      name: request.name?.trim(),
      category: request.category,
      video_tutorial_url: emptyToNull(request.videoTutorialUrl),
      examples_url: emptyToNull(request.examplesUrl),
      source_ref: emptyToNull(request.sourceRef),
      implementation_source_ref: emptyToNull(request.implementationSourceRef),
      icon_url: emptyToNull(request.iconUrl),
      icon_disabled: request.iconDisabled,
      direction: request.direction,
      asset_kinds: request.assetKinds,
      a2a_protocol_versions: request.a2aProtocolVersions,
      description: published ? undefined : request.description,
    };
    const changed = Object.entries(changes)
      .filter(
        ([column, value]) => value !== undefined && !sameValue(value, current[column as keyof PolicyChanges]),
      )
      .map(([column]) => column);
    const updated = await onePendingPerField(() =>
      this.db.transaction(async (db) => {
        // The submission's lock first, then the policy's: the order an approval takes them in.
        const submission = await this.submissions.findByPolicy(db, current.id, true);
        const locked = await this.policies.findById(db, current.id, true);
        if (!locked || locked.status !== current.status) {
          throw conflict('The policy was reviewed while this change was made: reload it and try again');
        }
        const row = await this.policies.update(db, current.id, changes);
        if (!published && submission && (changes.name !== undefined || changes.description !== undefined)) {
          // What the administrator reviews is what will be published.
          await this.submissions.update(db, submission.id, {
            name: changes.name?.trim(),
            description: changes.description,
          });
        }
        if (changed.length > 0)
          await this.history.record(db, current.id, caller.userId, 'edited', { fields: changed });
        for (const draft of drafts) await this.revisions.file(db, current.id, caller.userId, draft);
        return row;
      }),
    );
    return { policy: await this.presenter.one(ctx, updated) };
  }

  /** Callers who cannot edit get only the overview and the tabs with content. */
  async docs(ctx: RequestContext, id: string): Promise<PolicyDocsResult> {
    const row = await this.access.visible(ctx, id);
    const canEdit = isUser(ctx.caller) && (ctx.caller.userId === row.owner_id || ctx.caller.isAdmin);
    const tabs = await this.docTabs.list(this.db.pool, id);
    const shown = canEdit ? tabs : tabs.filter((t) => t.key === 'overview' || t.bodyMd.trim() !== '');
    return { tabs: shown, completeness: completeness(filledPredefined(tabs)), canEdit };
  }

  /**
   * The owner and administrators see every entry; others see the public facts only: no transfer
   * offers or cancellations, no reviewer feedback, no user ids.
   */
  async historyOf(ctx: RequestContext, request: HistoryRequest): Promise<HistoryResult> {
    const row = await this.access.visible(ctx, request.id);
    const full = isUser(ctx.caller) && (ctx.caller.isAdmin || ctx.caller.userId === row.owner_id);
    const limit = Math.min(
      Math.max(request.limit ?? HISTORY_LIMIT.default, HISTORY_LIMIT.min),
      HISTORY_LIMIT.max,
    );
    const rows = await this.history.page(this.db.pool, request.id, decodeCursor(request.before), limit, full);
    const head = rows.slice(0, limit);
    const entries = fitToBudget(head);
    const more = rows.length > limit || entries.length < head.length;
    return { entries, nextCursor: more ? encodeCursor(entries[entries.length - 1].id) : null };
  }

  /**
   * A live check of the repository's issue tracker, trusted for ISSUES_CHECK_TTL_SECONDS; it corrects the
   * persisted baseline. Null when the host could not be read, an answer kept for a few minutes too.
   */
  async issuesEnabled(ctx: RequestContext, id: string): Promise<{ enabled: boolean | null }> {
    const row = await this.access.visible(ctx, id);
    const fresh =
      row.issues_checked_at !== null &&
      Date.now() - row.issues_checked_at.getTime() < this.env.ISSUES_CHECK_TTL_SECONDS * 1000;
    if (fresh) return { enabled: row.source_host_has_issues };
    const failedUntil = this.issuesFailures.get(row.id);
    if (failedUntil !== undefined && failedUntil > Date.now()) return { enabled: null };
    try {
      const info = await this.sourceHost.getRepository(
        this.sourceHost.parseRepositoryUrl(row.source_host_url),
      );
      await this.policies.recordIssuesCheck(this.db.pool, row.id, info.hasIssues);
      this.issuesFailures.delete(row.id);
      return { enabled: info.hasIssues };
    } catch {
      if (this.issuesFailures.size >= ISSUES_FAILURES_KEPT) this.issuesFailures.clear();
      this.issuesFailures.set(
        row.id,
        Date.now() + Math.min(ISSUES_FAILURE_TTL_MS, this.env.ISSUES_CHECK_TTL_SECONDS * 1000),
      );
      return { enabled: null };
    }
  }

  async branches(ctx: RequestContext, id: string): Promise<BranchInfo> {
    const row = await this.access.visible(ctx, id);
    const main = await this.refsOf(row.source_host_url);
    if (row.project_type === 'split' && row.implementation_source_host_url) {
      return { ...main, implementation: await this.refsOf(row.implementation_source_host_url) };
    }
    return main;
  }

  async download(ctx: RequestContext, id: string): Promise<{ ok: true }> {
    await this.access.visible(ctx, id);
    await this.policies.countDownload(this.db.pool, id);
    return { ok: true };
  }

  /** Source host failures become clean errors (502 when the host is down, 404 when the repository is gone). */
  private async refsOf(url: string): Promise<BranchInfo> {
    try {
      const repo = this.sourceHost.parseRepositoryUrl(url);
      const [info, branches, tags] = await Promise.all([
        this.sourceHost.getRepository(repo),
        this.sourceHost.listBranches(repo),
        this.sourceHost.listTags(repo),
      ]);
      return { defaultBranch: info.defaultBranch, branches, tags };
    } catch (error) {
      throw sourceHostFailure(error);
    }
  }
}

/** `next` when it is given and differs from `current`, else undefined. */
function changedTo<T extends string | null>(next: T | undefined, current: T): T | undefined {
  return next !== undefined && next !== current ? next : undefined;
}

function emptyToNull(value: string | undefined): string | null | undefined {
  return value === undefined ? undefined : value.trim() === '' ? null : value.trim();
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
