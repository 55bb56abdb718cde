import { Injectable } from '@nestjs/common';
import {
  CatalogRpc,
  type IdeaDeclaration,
  type RequestContext,
  type RulesetIdeaDelivery,
} from '@pc/contracts';
import { BusClient, Database, type Executor } from '@pc/platform';
import { IdeaDeliveriesRepository } from './idea-deliveries.repository';

/**
 * Ideas belong to the catalog: this service asks it over the bus and never reads its tables. The
 * catalog checks declarations (422 for an idea that is not approved and visible, or listed twice),
 * stores them against the ruleset, and delivers them on approval exactly as it does for policies.
 *
 * An approval does not ask the catalog itself: it marks the ruleset's declared ideas due in its own
 * transaction (`due`), and the delivery is asked after commit (`deliverDue`: the approval's
 * `review.decided.v1` event, retried until the catalog answers, and a sweep of what stays due), so a
 * lost reply or a failed commit never leaves ideas delivered by a ruleset that is not approved, nor an
 * approved ruleset's ideas undelivered. The catalog's delivery is idempotent (only declared ideas become
 * delivered, each announced once). A due delivery is made before the ruleset's declared ideas change
 * (`declare`), so it delivers the ideas the approval approved, never those of an update under review.
 */
@Injectable()
export class IdeasClient {
  constructor(
    private readonly bus: BusClient,
    private readonly db: Database,
    private readonly dueDeliveries: IdeaDeliveriesRepository,
  ) {}

  async check(ctx: RequestContext, ideas: IdeaDeclaration[]): Promise<void> {
    if (ideas.length > 0) await this.bus.request(CatalogRpc.checkIdeas, ctx, { ideas });
  }

  /** The ruleset's declared ideas become exactly these, once what its last approval delivers is delivered. */
  async declare(ctx: RequestContext, rulesetId: string, ideas: IdeaDeclaration[]): Promise<void> {
    await this.deliverDue(`${ctx.requestId}:due`, rulesetId, { wait: true });
    await this.bus.request(CatalogRpc.declareIdeas, ctx, {
      resourceType: 'ruleset',
      resourceId: rulesetId,
      ideas,
    });
  }

  /** In the approval's transaction: the ruleset's declared ideas are due, on behalf of the approver. */
  async due(tx: Executor, ruleset: { id: string; name: string }, approvedBy: string): Promise<void> {
    await this.dueDeliveries.due(tx, {
      ruleset_id: ruleset.id,
      ruleset_name: ruleset.name,
      approved_by: approvedBy,
    });
  }

  /**
   * Asks the catalog to deliver the ruleset's due ideas; the delivery stays due (locked meanwhile) until
   * it answers. Whether one was due. `wait: false` leaves a delivery another is making now to it.
   */
  async deliverDue(requestId: string, rulesetId: string, { wait }: { wait: boolean }): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const due = await this.dueDeliveries.lock(tx, rulesetId, !wait);
      if (!due) return false;
      const ctx: RequestContext = {
        requestId,
        caller: {
          kind: 'user',
          userId: due.approved_by,
          isAdmin: true,
          scopes: ['api:read', 'api:write'],
          via: 'token',
        },
      };
      await this.bus.request(CatalogRpc.deliverIdeas, ctx, {
        resourceType: 'ruleset',
        resourceId: due.ruleset_id,
        resourceName: due.ruleset_name,
      });
      await this.dueDeliveries.done(tx, rulesetId);
      return true;
    });
  }

  /** Rulesets whose delivery has been due since before `before` (the sweep's). */
  dueBefore(before: Date, limit: number): Promise<string[]> {
    return this.dueDeliveries.dueBefore(this.db.pool, before, limit);
  }

  /**
   * The ideas each ruleset declares or delivered. The catalog names every ruleset's entry by its slug
   * (its id when the title has none); an entry without one would be named by its id too.
   */
  async deliveries(ctx: RequestContext, rulesetIds: string[]): Promise<Map<string, RulesetIdeaDelivery[]>> {
    if (rulesetIds.length === 0) return new Map();
    const { deliveries } = await this.bus.request(CatalogRpc.listIdeaDeliveries, ctx, {
      resourceType: 'ruleset',
      resourceIds: rulesetIds,
    });
    return new Map(
      Object.entries(deliveries).map(([id, list]) => [id, list.map((d) => ({ ...d, slug: d.slug ?? d.id }))]),
    );
  }
}
