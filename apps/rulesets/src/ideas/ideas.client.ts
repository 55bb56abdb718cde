import { Injectable } from '@nestjs/common';
import { CatalogRpc, type IdeaDeclaration, type IdeaDelivery, type RequestContext } from '@pc/contracts';
import { BusClient } from '@pc/platform';

/**
 * Ideas belong to the catalog: this service asks it over the bus and never reads its tables. The
 * catalog checks declarations (422 for an idea that is not approved and visible, or listed twice),
 * stores them against the ruleset, and delivers them on approval exactly as it does for policies.
 */
@Injectable()
export class IdeasClient {
  constructor(private readonly bus: BusClient) {}

  async check(ctx: RequestContext, ideas: IdeaDeclaration[]): Promise<void> {
    if (ideas.length > 0) await this.bus.request(CatalogRpc.checkIdeas, ctx, { ideas });
  }

  async declare(ctx: RequestContext, rulesetId: string, ideas: IdeaDeclaration[]): Promise<void> {
    await this.bus.request(CatalogRpc.declareIdeas, ctx, {
      resourceType: 'ruleset',
      resourceId: rulesetId,
      ideas,
    });
  }

  async deliver(ctx: RequestContext, rulesetId: string, rulesetName: string): Promise<void> {
    await this.bus.request(CatalogRpc.deliverIdeas, ctx, {
      resourceType: 'ruleset',
      resourceId: rulesetId,
      resourceName: rulesetName,
    });
  }

  async deliveries(ctx: RequestContext, rulesetIds: string[]): Promise<Map<string, IdeaDelivery[]>> {
    if (rulesetIds.length === 0) return new Map();
    const { deliveries } = await this.bus.request(CatalogRpc.listIdeaDeliveries, ctx, {
      resourceType: 'ruleset',
      resourceIds: rulesetIds,
    });
    return new Map(Object.entries(deliveries));
  }
}
