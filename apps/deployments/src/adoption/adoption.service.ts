import { Injectable } from '@nestjs/common';
import {
  CatalogRpc,
  type ItemAdoption,
  type ItemAdoptionRequest,
  type RequestContext,
  RulesetsRpc,
} from '@pc/contracts';
import { BusClient, Database } from '@pc/platform';
import { AdoptionRepository } from './adoption.repository';

/**
 * Which versions of a policy or ruleset run in how many organizations: counts only (no organization,
 * tenant or author), for anyone who may see the item (the catalog or the rulesets service answers 404
 * otherwise, as for the item itself).
 */
@Injectable()
export class AdoptionService {
  constructor(
    private readonly bus: BusClient,
    private readonly db: Database,
    private readonly adoption: AdoptionRepository,
  ) {}

  async of(ctx: RequestContext, req: ItemAdoptionRequest): Promise<{ adoption: ItemAdoption }> {
    if (req.assetType === 'ruleset') await this.bus.request(RulesetsRpc.get, ctx, { id: req.id });
    else await this.bus.request(CatalogRpc.getPolicy, ctx, { id: req.id });
    const versions = await this.adoption.versions(this.db.pool, req);
    return {
      adoption: { versions, organizations: versions.reduce((sum, v) => sum + v.organizations, 0) },
    };
  }
}
