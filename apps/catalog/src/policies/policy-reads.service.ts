import { Injectable } from '@nestjs/common';
import {
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
} from '@pc/contracts';
import { canSeeJson, DocTabsRepository, fitJsonToBudget, jsonArray } from '@pc/listings';
import { badRequest, Database, fitToBudget, notFound, PrebuiltJson, type Reply } from '@pc/platform';
import { callerId, decodeCursor, encodeCursor } from '../common/caller';
import { decodeKeyset, encodeKeyset } from '../common/paging';
import { PolicyHistory } from '../history';
import { policyTabs } from '../docs';
import { VendorCatalog } from '../vendor';
import { PolicyAccess } from './policy-access';
import { PolicyPresenter } from './policy.presenter';
import { PoliciesRepository } from './policies.repository';

/** What anyone may read of policies: the list, one policy, its documentation and its history. */
@Injectable()
export class PolicyReadsService {
  constructor(
    private readonly db: Database,
    private readonly policies: PoliciesRepository,
    private readonly access: PolicyAccess,
    private readonly presenter: PolicyPresenter,
    private readonly vendor: VendorCatalog,
    private readonly docTabs: DocTabsRepository,
    private readonly history: PolicyHistory,
  ) {}

  /**
   * Vendor entries come from the index, by name in either order whatever `sort` says (they have no
   * submission date); community policies from the database, one page at a time:
   * at most `limit` rows and at most the reply budget in bytes (a shorter page, with `hasMore`).
   * Deep pages follow `nextCursor` (keyset); `offset` is capped by the gateway. Community pages are
   * answered as JSON text: PostgreSQL writes each policy (`PoliciesRepository.searchJson`).
   */
  async list(ctx: RequestContext, request: ListPoliciesRequest): Promise<Reply<ListPoliciesResult>> {
    const limit = Math.min(request.limit ?? LIST_LIMIT.default, LIST_LIMIT.max);
    const offset = request.offset ?? 0;
    const vendor = request.source === 'vendor';
    const sort = request.sort ?? 'alpha';
    const order = request.order ?? (sort === 'submitted' && !vendor ? 'desc' : 'asc');
    const kind = vendor ? this.vendor.cursorKind(order) : `policies:${sort}:${order}`;
    const after = decodeKeyset(request.cursor, kind);
    if (after && offset > 0) {
      throw badRequest('Give either cursor or offset', [
        { field: 'offset', message: 'must be 0 (or absent) with a cursor' },
      ]);
    }
    if (vendor) {
      const page = this.vendor.page(request, { order, limit, offset, after });
      return { policies: page.items, hasMore: page.hasMore, nextCursor: page.nextCursor };
    }
    const rows = await this.policies.searchJson(this.db.pool, {
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
    // The page as `pageOf` cuts it, of policies PostgreSQL wrote as JSON.
    const head = rows.slice(0, limit);
    const policies = fitJsonToBudget(await this.presenter.json(ctx, head));
    const hasMore = rows.length > limit || policies.length < head.length;
    const last = head[policies.length - 1];
    const nextCursor = hasMore && last ? encodeKeyset(kind, { key: last.cursor_key, id: last.id }) : null;
    return new PrebuiltJson(
      `{"policies":${jsonArray(policies)},"hasMore":${hasMore},"nextCursor":${JSON.stringify(nextCursor)}}`,
    );
  }

  /**
   * One statement reads the policy as its answer's JSON; the owner comes from the cache. The reply is
   * that text (`PrebuiltJson`), never parsed nor serialized again.
   */
  async getJson(ctx: RequestContext, id: string): Promise<PrebuiltJson<PolicyResult>> {
    const row = await this.policies.findJson(this.db.pool, id, callerId(ctx.caller));
    if (!row || !canSeeJson(ctx.caller, row)) throw notFound('Policy');
    const [policy] = await this.presenter.json(ctx, [row]);
    return new PrebuiltJson(`{"policy":${policy}}`);
  }

  /** Callers who cannot edit get only the overview and the tabs with content. */
  async docs(ctx: RequestContext, id: string): Promise<PolicyDocsResult> {
    const row = await this.access.visible(ctx, id);
    return policyTabs.shownTo(ctx.caller, row, await this.docTabs.list(this.db.pool, id));
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

  async download(ctx: RequestContext, id: string): Promise<{ ok: true }> {
    await this.access.visible(ctx, id);
    await this.policies.countDownload(this.db.pool, id);
    return { ok: true };
  }
}
