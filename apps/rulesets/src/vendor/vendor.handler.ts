import { Controller } from '@nestjs/common';
import { type Envelope, RulesetsRpc } from '@pc/contracts';
import { Handles } from '@pc/platform';
import { requireAdmin } from '../common/caller';
import { VendorRulesets } from './vendor-rulesets';

@Controller()
export class VendorHandler {
  constructor(private readonly vendor: VendorRulesets) {}

  @Handles(RulesetsRpc.getVendorRuleset)
  get({ data }: Envelope<{ slug: string }>) {
    return { ruleset: this.vendor.get(data.slug) };
  }

  @Handles(RulesetsRpc.reloadVendorIndex)
  async reload({ ctx }: Envelope<Record<string, never>>) {
    requireAdmin(ctx);
    const { count, errors } = await this.vendor.load();
    return { rulesets: count, errors };
  }
}
