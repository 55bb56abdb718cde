import { Injectable } from '@nestjs/common';
import {
  type CountRulesetViewsRequest,
  ALL_CATEGORIES,
  type ListRulesetsRequest,
  type ListRulesetsResult,
  type RequestContext,
  type Ruleset,
  RULESET_LIMITS,
  type TargetScope,
  type UpdateRulesetRequest,
} from '@pc/contracts';
import { canSeeJson, fitJsonToBudget, jsonArray } from '@pc/listings';
import { Database, notFound, PrebuiltJson, type Reply } from '@pc/platform';
import { callerId } from '../common/caller';
import { VendorRulesets } from '../vendor';
import { RulesetAccess } from './ruleset-access';
import { RulesetPresenter } from './ruleset.presenter';
import { RulesetWrites } from './ruleset-writes';
import { RulesetsRepository } from './rulesets.repository';

@Injectable()
export class RulesetsService {
  constructor(
    private readonly rulesets: RulesetsRepository,
    private readonly writes: RulesetWrites,
    private readonly access: RulesetAccess,
    private readonly presenter: RulesetPresenter,
    private readonly vendor: VendorRulesets,
    private readonly db: Database,
  ) {}

  /**
   * Community rulesets (published ones, plus the caller's own) or, with source=vendor, the vendor index
   * (by name in either order whatever `sort` says: vendor rulesets have no submission date, likes or views).
   * `All Categories` means no category filter; `agent-network` is the deprecated alias of `agent`. Pages
   * are bounded by `limit` rows and by the list byte budget; `hasMore` says whether rows remain past the
   * page returned. Community pages are answered as JSON text: PostgreSQL writes each summary
   * (`RulesetsRepository.searchJson`), the owner's fields are added from the users cache.
   */
  async list(ctx: RequestContext, request: ListRulesetsRequest): Promise<Reply<ListRulesetsResult>> {
    const limit = request.limit ?? RULESET_LIMITS.limit.default;
    const offset = request.offset ?? 0;
    const category = request.category === ALL_CATEGORIES ? undefined : request.category || undefined;
    const scope: TargetScope | undefined = request.scope === 'agent-network' ? 'agent' : request.scope;
    if (request.source === 'vendor') {
      const page = this.vendor.page(
        { q: request.q, category, scope },
        { order: request.order, limit, offset },
      );
      return { rulesets: page.items, hasMore: page.hasMore };
    }
    const sort = request.sort ?? 'alpha';
    const rows = await this.rulesets.searchJson(this.db.pool, {
      viewerId: callerId(ctx.caller),
      q: request.q,
      category,
      scope,
      sort,
      order: request.order ?? (sort === 'alpha' ? 'asc' : 'desc'),
      limit,
      offset,
    });
    const page = fitJsonToBudget(await this.presenter.json(ctx, rows.slice(0, limit)));
    return new PrebuiltJson(`{"rulesets":${jsonArray(page)},"hasMore":${rows.length > page.length}}`);
  }

  /**
   * A detail read, answered as JSON text: PostgreSQL writes the ruleset, the owner and the ideas it
   * delivers are added. Its view is counted by the gateway that answered it (`countViews`).
   */
  async get(ctx: RequestContext, id: string): Promise<PrebuiltJson<{ ruleset: Ruleset }>> {
    const row = await this.rulesets.findJson(this.db.pool, id, callerId(ctx.caller));
    if (!row || !canSeeJson(ctx.caller, row)) throw notFound('Ruleset');
    return new PrebuiltJson(`{"ruleset":${await this.presenter.oneJson(ctx, row)}}`);
  }

  /** Views the gateway counted, added in one statement (a view alone is no content change). */
  async countViews(request: CountRulesetViewsRequest): Promise<{ counted: number }> {
    return { counted: await this.rulesets.addViews(this.db.pool, request.views) };
  }

  /**
   * The owner (or an administrator) sets or clears (empty string) the two links; nothing else. The
   * answer is the ruleset read again (`get`).
   */
  async update(
    ctx: RequestContext,
    request: UpdateRulesetRequest,
  ): Promise<PrebuiltJson<{ ruleset: Ruleset }>> {
    await this.access.editable(ctx, request.id);
    await this.writes.update(this.db.pool, request.id, {
      video_tutorial_url: clearable(request.videoTutorialUrl),
      examples_url: clearable(request.examplesUrl),
    });
    return this.get(ctx, request.id);
  }
}

/** Undefined keeps the value; an empty string clears it. */
export function clearable(value: string | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  return value.trim() === '' ? null : value.trim();
}
