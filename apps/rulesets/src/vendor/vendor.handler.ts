import { RulesetsRpc } from '@pc/contracts';
import { handlerOf } from '@pc/listings';
import { VendorRulesets } from './vendor-rulesets';

export const VendorHandler = handlerOf('VendorHandler', { vendor: VendorRulesets }, (serve) => [
  serve(RulesetsRpc.getVendorRuleset, ({ vendor }, _ctx, data) => ({ ruleset: vendor.get(data.slug) })),
  serve(RulesetsRpc.reloadVendorIndex, async ({ vendor }, ctx) => {
    const { count, errors } = await vendor.reload(ctx);
    return { rulesets: count, errors };
  }),
]);
