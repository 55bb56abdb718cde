import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CatalogRpc, type Envelope } from '@pc/contracts';
import { requireAdmin } from '../common/caller';
import { VendorCatalog } from './vendor-catalog';

@Controller()
export class VendorHandler {
  constructor(private readonly vendor: VendorCatalog) {}

  @MessagePattern(CatalogRpc.getVendorPolicy.pattern)
  getPolicy(@Payload() { data }: Envelope<{ slug: string }>) {
    return { policy: this.vendor.getPolicy(data.slug) };
  }

  @MessagePattern(CatalogRpc.listVendorRulesets.pattern)
  listRulesets(@Payload() { data }: Envelope<{ q?: string; category?: string }>) {
    return { rulesets: this.vendor.listRulesets(data) };
  }

  @MessagePattern(CatalogRpc.getVendorRuleset.pattern)
  getRuleset(@Payload() { data }: Envelope<{ slug: string }>) {
    return { ruleset: this.vendor.getRuleset(data.slug) };
  }

  @MessagePattern(CatalogRpc.reloadVendorIndex.pattern)
  reload(@Payload() { ctx }: Envelope<Record<string, never>>) {
    requireAdmin(ctx);
    return this.vendor.reload();
  }
}
