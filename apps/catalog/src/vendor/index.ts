export { VendorModule } from './vendor.module';
export { VendorCatalog } from './vendor-catalog';
