import { Module } from '@nestjs/common';
import { VendorCatalog } from './vendor-catalog';
import { VendorHandler } from './vendor.handler';

/** The vendor policies, from the vendor index held in memory. */
@Module({ controllers: [VendorHandler], providers: [VendorCatalog], exports: [VendorCatalog] })
export class VendorModule {}
