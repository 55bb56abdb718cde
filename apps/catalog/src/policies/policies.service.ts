import { Inject, Injectable } from '@nestjs/common';
import {
  type BranchInfo,
  type HistoryRequest,
  type HistoryResult,
  isUser,
  LIST_LIMIT,
  type ListPoliciesRequest,
  type ListPoliciesResult,
  type PolicyDocsResult,
  type PolicyResult,
  type RequestContext,
  type UpdatePolicyRequest,
} from '@pc/contracts';
import { forbidden } from '@pc/platform';
import type { SourceHost } from '@pc/source-host';
import { DataSource } from 'typeorm';
import { CatalogEnv } from '../catalog.env';
import { callerId, decodeCursor, encodeCursor, requireUser } from '../common/caller';
import { DocTabsRepository } from '../docs/doc-tabs.repository';
import { HistoryRepository } from '../history/history.repository';
import { RevisionsService } from '../revisions/revisions.service';
import { sourceHostFailure } from '../source/source-host.failure';
import { SOURCE_HOST } from '../source/source-host.provider';
import { VendorCatalog } from '../vendor/vendor-catalog';
import { completeness, filledPredefined } from './policy.mapper';
import { PolicyAccess } from './policy-access';
import { PolicyPresenter } from './policy.presenter';
import type { PolicyChanges } from './policy.row';
import { PoliciesRepository } from './policies.repository';

const HISTORY_PAGE = { default: 50, max: 200 };

@Injectable()
export class PoliciesService {
  constructor(
    private readonly policies: PoliciesRepository,
    private readonly access: PolicyAccess,
    private readonly presenter: PolicyPresenter,
    private readonly vendor: VendorCatalog,
    private readonly docTabs: DocTabsRepository,
    private readonly history: HistoryRepository,
    private readonly revisions: RevisionsService,
    @Inject(SOURCE_HOST) private readonly sourceHost: SourceHost,
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(CatalogEnv) private readonly env: CatalogEnv,
  ) {}

  /** Vendor entries come from the index; community policies from the database, one page at a time. */
  async list(ctx: RequestContext, request: ListPoliciesRequest): Promise<ListPoliciesResult> {
    const limit = request.limit ?? LIST_LIMIT.default;
    const offset = request.offset ?? 0;
    if (request.source === 'vendor') {
      const all = this.vendor.listPolicies(request);
      return { policies: all.slice(offset, offset + limit), hasMore: all.length > offset + limit };
    }
    const sort = request.sort ?? (request.q?.trim() ? 'relevance' : 'alpha');
    const rows = await this.policies.search({
      viewerId: callerId(ctx.caller),
      category: request.category,
      q: request.q,
      direction: request.direction,
      assetKind: request.assetKind,
      sort,
      order: request.order ?? (sort === 'submitted' ? 'desc' : 'asc'),
      limit,
      offset,
    });
    const page = rows.slice(0, limit);
    return { policies: await this.presenter.many(ctx, page), hasMore: rows.length > limit };
  }

  async get(ctx: RequestContext, id: string): Promise<PolicyResult> {
    return { policy: await this.presenter.one(ctx, await this.access.visible(ctx, id)) };
  }

  /**
   * The owner (or an administrator) changes fields directly; `sourceRef` and `implementationSourceRef`
   * are for administrators only. On a published policy, a changed `description` or `sourceHostUrl` is not
   * applied: it is filed as a pending revision that goes live when an administrator approves it.
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
    const changes: PolicyChanges = {
      name: request.name,
      category: request.category,
      video_tutorial_url: emptyToNull(request.videoTutorialUrl),
      examples_url: emptyToNull(request.examplesUrl),
      implementation_source_host_url: emptyToNull(request.implementationSourceHostUrl),
      source_ref: emptyToNull(request.sourceRef),
      implementation_source_ref: emptyToNull(request.implementationSourceRef),
      icon_url: emptyToNull(request.iconUrl),
      icon_disabled: request.iconDisabled,
      direction: request.direction,
      asset_kinds: request.assetKinds,
      a2a_protocol_versions: request.a2aProtocolVersions,
      description: published ? undefined : request.description,
      source_host_url: published ? undefined : request.sourceHostUrl,
    };
    if (published) {
      if (request.description !== undefined && request.description !== current.description)
        await this.revisions.propose(ctx, {
          policyId: current.id,
          field: 'description',
          value: request.description,
        });
      if (request.sourceHostUrl !== undefined && request.sourceHostUrl !== current.source_host_url)
        await this.revisions.propose(ctx, {
          policyId: current.id,
          field: 'source_host_url',
          value: request.sourceHostUrl,
        });
    }
    const changed = Object.entries(changes)
      .filter(
        ([column, value]) => value !== undefined && !sameValue(value, current[column as keyof PolicyChanges]),
      )
      .map(([column]) => column);
    const updated = await this.dataSource.transaction(async (db) => {
      const row = await this.policies.update(db, current.id, changes);
      if (changed.length > 0)
        await this.history.record(db, current.id, caller.userId, 'edited', { fields: changed });
      return row;
    });
    return { policy: await this.presenter.one(ctx, updated) };
  }

  /** Callers who cannot edit get only the overview and the tabs with content. */
  async docs(ctx: RequestContext, id: string): Promise<PolicyDocsResult> {
    const row = await this.access.visible(ctx, id);
    const canEdit = isUser(ctx.caller) && (ctx.caller.userId === row.owner_id || ctx.caller.isAdmin);
    const tabs = await this.docTabs.list(id);
    const shown = canEdit ? tabs : tabs.filter((t) => t.key === 'overview' || t.bodyMd.trim() !== '');
    return { tabs: shown, completeness: completeness(filledPredefined(tabs)), canEdit };
  }

  async historyOf(ctx: RequestContext, request: HistoryRequest): Promise<HistoryResult> {
    await this.access.visible(ctx, request.id);
    const limit = Math.min(Math.max(request.limit ?? HISTORY_PAGE.default, 1), HISTORY_PAGE.max);
    const rows = await this.history.page(request.id, decodeCursor(request.before), limit);
    const entries = rows.slice(0, limit);
    return { entries, nextCursor: rows.length > limit ? encodeCursor(entries[entries.length - 1].id) : null };
  }

  /**
   * A live check of the repository's issue tracker, trusted for ISSUES_CHECK_TTL_SECONDS; it corrects the
   * persisted baseline. Null when the host could not be read.
   */
  async issuesEnabled(ctx: RequestContext, id: string): Promise<{ enabled: boolean | null }> {
    const row = await this.access.visible(ctx, id);
    const fresh =
      row.issues_checked_at !== null &&
      Date.now() - row.issues_checked_at.getTime() < this.env.ISSUES_CHECK_TTL_SECONDS * 1000;
    if (fresh) return { enabled: row.source_host_has_issues };
    try {
      const info = await this.sourceHost.getRepository(
        this.sourceHost.parseRepositoryUrl(row.source_host_url),
      );
      await this.policies.recordIssuesCheck(row.id, info.hasIssues);
      return { enabled: info.hasIssues };
    } catch {
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
    await this.policies.countDownload(id);
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

function emptyToNull(value: string | undefined): string | null | undefined {
  return value === undefined ? undefined : value.trim() === '' ? null : value.trim();
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
