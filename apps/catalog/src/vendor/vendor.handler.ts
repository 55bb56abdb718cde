import { Controller } from '@nestjs/common';
import { CatalogRpc, type Envelope } from '@pc/contracts';
import { Handles } from '@pc/platform';
import { requireAdmin } from '../common/caller';
import { VendorCatalog } from './vendor-catalog';

@Controller()
export class VendorHandler {
  constructor(private readonly vendor: VendorCatalog) {}

  @Handles(CatalogRpc.getVendorPolicy)
  getPolicy({ data }: Envelope<{ slug: string }>) {
    return { policy: this.vendor.getPolicy(data.slug) };
  }

  @Handles(CatalogRpc.reloadVendorIndex)
  reload({ ctx }: Envelope<Record<string, never>>) {
    requireAdmin(ctx);
    return this.vendor.reload();
  }
}
