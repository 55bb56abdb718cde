import { CatalogRpc } from '@pc/contracts';
import { handlerOf } from '@pc/listings';
import { VendorCatalog } from './vendor-catalog';

export const VendorHandler = handlerOf('VendorHandler', { vendor: VendorCatalog }, (serve) => [
  serve(CatalogRpc.getVendorPolicy, ({ vendor }, _ctx, data) => ({ policy: vendor.get(data.slug) })),
  serve(CatalogRpc.reloadVendorIndex, async ({ vendor }, ctx) => {
    const { count, errors } = await vendor.reload(ctx);
    return { policies: count, errors };
  }),
]);
