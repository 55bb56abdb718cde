export { VendorModule } from './vendor.module';
export { VendorRulesets } from './vendor-rulesets';
