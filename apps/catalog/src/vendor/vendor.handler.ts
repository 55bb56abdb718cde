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
    return { policy: this.vendor.get(data.slug) };
  }

  @Handles(CatalogRpc.reloadVendorIndex)
  async reload({ ctx }: Envelope<Record<string, never>>) {
    requireAdmin(ctx);
    const { count, errors } = await this.vendor.load();
    return { policies: count, errors };
  }
}
