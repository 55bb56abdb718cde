import { Inject, Injectable } from '@nestjs/common';
import { type Direction, DIRECTIONS, type VendorPolicy, type VendorPolicySummary } from '@pc/contracts';
import { VendorIndex, type VendorShelf } from '@pc/listings';
import { optionalString, requiredString } from '@pc/vendor-index';
import { CatalogEnv } from '../catalog.env';

type PolicyFields = { direction: Direction; category: string | null };
type PolicyFilter = { q?: string; direction?: Direction; category?: string };

/** The vendor policies: the vendor index's `policies/` folder (the rulesets service reads `rulesets/`). */
const policyShelf: VendorShelf<PolicyFields, PolicyFilter, VendorPolicySummary, VendorPolicy> = {
  folder: 'policies',
  label: 'Vendor policy',
  service: 'catalog',
  read(raw) {
    const direction = requiredString(raw, 'direction');
    if (!(DIRECTIONS as readonly string[]).includes(direction))
      throw new Error('direction must be inbound or outbound');
    return { direction: direction as Direction, category: optionalString(raw, 'category') };
  },
  keeps: (p, filter) =>
    (!filter.direction || p.direction === filter.direction) &&
    (!filter.category || p.category?.toLowerCase() === filter.category.toLowerCase()),
  summary: (p) => VendorIndex.summaryOf(p, { direction: p.direction, category: p.category }),
  item: (p) => ({ ...policyShelf.summary(p), body_md: p.body_md }),
};

/** The vendor policies, held in memory by the listings kernel's vendor index. */
@Injectable()
export class VendorCatalog extends VendorIndex<
  PolicyFields,
  PolicyFilter,
  VendorPolicySummary,
  VendorPolicy
> {
  constructor(@Inject(CatalogEnv) env: CatalogEnv) {
    super(env, policyShelf);
  }
}
