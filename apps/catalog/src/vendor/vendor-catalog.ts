import path from 'node:path';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { type Direction, DIRECTIONS, type VendorPolicy, type VendorPolicySummary } from '@pc/contracts';
import { bestMatches, createLogger, notFound } from '@pc/platform';
import { CatalogEnv } from '../catalog.env';
import {
  loadVendorFolder,
  optionalString,
  requiredSlug,
  requiredString,
  type VendorEntry,
} from '@pc/vendor-index';

const log = createLogger('catalog');

type PolicyEntry = VendorEntry & { direction: Direction; category: string | null };

/**
 * The vendor policies (the rulesets service serves the vendor rulesets from the same index), held in memory: loaded at start, swapped whole on reload, so readers never see
 * a half-loaded index. A slug that left the index is a 404.
 */
@Injectable()
export class VendorCatalog implements OnModuleInit {
  private policies = new Map<string, PolicyEntry>();

  constructor(@Inject(CatalogEnv) private readonly env: CatalogEnv) {}

  async onModuleInit(): Promise<void> {
    await this.reload();
  }

  async reload(): Promise<{ policies: number; errors: string[] }> {
    const policies = await loadVendorFolder(path.join(this.env.VENDOR_INDEX_DIR, 'policies'), toPolicyEntry);
    this.policies = policies.entries;
    if (policies.errors.length > 0) log.warn({ errors: policies.errors }, 'vendor index entries skipped');
    return { policies: this.policies.size, errors: policies.errors };
  }

  listPolicies(filter: { q?: string; direction?: Direction; category?: string }): VendorPolicySummary[] {
    const filtered = [...this.policies.values()]
      .filter((p) => !filter.direction || p.direction === filter.direction)
      .filter((p) => !filter.category || p.category?.toLowerCase() === filter.category.toLowerCase());
    return bestMatches(filtered, filter.q, (p) => [p.name, p.summary])
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((p) => ({
        source: 'vendor',
        slug: p.slug,
        name: p.name,
        summary: p.summary,
        direction: p.direction,
        category: p.category,
      }));
  }

  getPolicy(slug: string): VendorPolicy {
    const p = this.policies.get(slug);
    if (!p) throw notFound('Vendor policy');
    return {
      source: 'vendor',
      slug: p.slug,
      name: p.name,
      summary: p.summary,
      direction: p.direction,
      category: p.category,
      body_md: p.body_md,
    };
  }
}

function base(raw: Record<string, unknown>): VendorEntry {
  return {
    slug: requiredSlug(raw),
    name: requiredString(raw, 'name'),
    summary: requiredString(raw, 'summary'),
    body_md: requiredString(raw, 'body_md'),
  };
}

function toPolicyEntry(raw: Record<string, unknown>): PolicyEntry {
  const direction = requiredString(raw, 'direction');
  if (!(DIRECTIONS as readonly string[]).includes(direction))
    throw new Error('direction must be inbound or outbound');
  return { ...base(raw), direction: direction as Direction, category: optionalString(raw, 'category') };
}
