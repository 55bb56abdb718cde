import { Injectable } from '@nestjs/common';
import {
  type CreateWaiverRequest,
  GOVERNANCE_LIMITS as L,
  type ListWaiversRequest,
  type RequestContext,
  type Waiver,
  type WaiverIdRequest,
  type WaiverPage,
} from '@pc/contracts';
import { Database, badRequest, decodeKeyset, notFound, pageOf } from '@pc/platform';
import { ApiConformance } from '../api-evaluations';
import { rulesetsError } from '../common/rulesets.errors';
import { GovernedApiAccess } from '../governed-apis';
import { RulesetAccess } from '../rulesets';
import { toWaiver, WaiversRepository } from './waivers.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The cursor kind of an API's waivers (by latest expiry). */
const WAIVERS = 'waivers';
/** A cursor key: an expiry in whole microseconds since 1970 (see `WaiversRepository.listForApi`). */
const MICROS_KEY = /^-?\d{1,17}$/;

/**
 * Waivers: the workspace's owner or an admin accepts a rule's findings (of one ruleset, or of every ruleset
 * with a rule of that name when none is named) at a location (a JSON pointer or a file pattern) for a reason, until a date (at most `waiverDays` ahead). Waived findings are shown as
 * waived and fail no rule; adding, removing or the expiry of a waiver moves the API's conformance at once.
 */
@Injectable()
export class WaiversService {
  constructor(
    private readonly db: Database,
    private readonly waivers: WaiversRepository,
    private readonly apiAccess: GovernedApiAccess,
    private readonly conformance: ApiConformance,
    private readonly rulesets: RulesetAccess,
  ) {}

  /**
   * A page of the API's waivers, expired ones included, latest expiry first: at most `limit` (the largest
   * page without one) and at most the reply's byte budget (a shorter page then, with `hasMore`).
   */
  async list(ctx: RequestContext, request: ListWaiversRequest): Promise<WaiverPage> {
    const after = decodeKeyset(request.cursor, WAIVERS);
    if (after && !MICROS_KEY.test(after.key))
      throw badRequest('Invalid cursor', [
        { field: 'cursor', message: 'is not a nextCursor this API returned for the same list and order' },
      ]);
    const { api } = await this.apiAccess.api(ctx, request.id, 'read');
    const limit = request.limit ?? L.waiversPage.default;
    const rows = await this.waivers.listForApi(this.db.pool, api.id, limit + 1, after);
    const now = new Date();
    const page = await pageOf(rows, limit, WAIVERS, (head) =>
      head.map(({ cursor_key: _key, ...row }) => toWaiver(row, now)),
    );
    return { waivers: page.items, hasMore: page.hasMore, nextCursor: page.nextCursor };
  }

  async create(ctx: RequestContext, request: CreateWaiverRequest): Promise<{ waiver: Waiver }> {
    const expiresAt = new Date(request.expiresAt);
    const now = Date.now();
    if (expiresAt.getTime() <= now || expiresAt.getTime() > now + L.waiverDays.max * DAY_MS)
      throw badRequest('The expiry is out of range', [
        { field: 'expiresAt', message: `must be in the future, at most ${L.waiverDays.max} days ahead` },
      ]);
    // A ruleset the caller cannot see (or none at all: a mistyped id) is a 404, not a waiver covering nothing.
    if (request.rulesetId !== undefined) await this.rulesets.visible(ctx, request.rulesetId);
    const row = await this.db.transaction(async (tx) => {
      const { api, grant } = await this.apiAccess.api(ctx, request.apiId, 'manage', tx, true);
      if ((await this.waivers.countActive(tx, api.id)) >= L.waiversPerApi)
        throw rulesetsError(
          'RULESETS.GOVERNANCE_LIMIT',
          `An API has at most ${L.waiversPerApi} waivers in force`,
        );
      const waiver = await this.waivers.insert(tx, {
        api_id: api.id,
        workspace_id: api.workspace_id,
        ruleset_id: request.rulesetId ?? null,
        rule: request.rule,
        location: request.location,
        reason: request.reason.trim(),
        expires_at: expiresAt,
        created_by: grant.userId,
      });
      await this.conformance.reapplyWaivers(tx, api);
      return waiver;
    });
    return { waiver: toWaiver(row) };
  }

  async delete(ctx: RequestContext, request: WaiverIdRequest): Promise<{ ok: true }> {
    await this.db.transaction(async (tx) => {
      const { api } = await this.apiAccess.api(ctx, request.apiId, 'manage', tx, true);
      const waiver = await this.waivers.findById(tx, api.id, request.waiverId);
      if (!waiver) throw notFound('Waiver');
      await this.waivers.delete(tx, waiver.id);
      await this.conformance.reapplyWaivers(tx, api);
    });
    return { ok: true };
  }
}
