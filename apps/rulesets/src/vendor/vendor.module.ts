import { Module } from '@nestjs/common';
import { VendorHandler } from './vendor.handler';
import { VendorRulesets } from './vendor-rulesets';

/** The vendor's rulesets, from the vendor index (listed beside the community's, evaluated like them). */
@Module({ controllers: [VendorHandler], providers: [VendorRulesets], exports: [VendorRulesets] })
export class VendorModule {}
