import path from 'node:path';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  type Direction,
  DIRECTIONS,
  VENDOR_SLUG_PATTERN,
  type VendorIndexReloadResult,
  type VendorPolicy,
  type VendorPolicySummary,
  type VendorRuleset,
  type VendorRulesetSummary,
} from '@pc/contracts';
import { createLogger, notFound } from '@pc/platform';
import { CatalogEnv } from '../catalog.env';
import { loadVendorFolder, optionalString, requiredString, type VendorEntry } from './vendor-index';

const log = createLogger('catalog');

type PolicyEntry = VendorEntry & { direction: Direction; category: string | null };
type RulesetEntry = VendorEntry & { category: string | null };

/**
 * The vendor catalogs, held in memory: loaded at start, swapped whole on reload, so readers never see
 * a half-loaded index. A slug that left the index is a 404.
 */
@Injectable()
export class VendorCatalog implements OnModuleInit {
  private policies = new Map<string, PolicyEntry>();
  private rulesets = new Map<string, RulesetEntry>();

  constructor(@Inject(CatalogEnv) private readonly env: CatalogEnv) {}

  async onModuleInit(): Promise<void> {
    await this.reload();
  }

  async reload(): Promise<VendorIndexReloadResult> {
    const dir = this.env.VENDOR_INDEX_DIR;
    const [policies, rulesets] = await Promise.all([
      loadVendorFolder(path.join(dir, 'policies'), toPolicyEntry),
      loadVendorFolder(path.join(dir, 'rulesets'), toRulesetEntry),
    ]);
    this.policies = policies.entries;
    this.rulesets = rulesets.entries;
    const errors = [...policies.errors, ...rulesets.errors];
    if (errors.length > 0) log.warn({ errors }, 'vendor index entries skipped');
    return { policies: this.policies.size, rulesets: this.rulesets.size, errors };
  }

  listPolicies(filter: { q?: string; direction?: Direction; category?: string }): VendorPolicySummary[] {
    return [...this.policies.values()]
      .filter((p) => !filter.direction || p.direction === filter.direction)
      .filter((p) => !filter.category || p.category?.toLowerCase() === filter.category.toLowerCase())
      .filter((p) => matches(filter.q, p.name, p.summary))
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

  listRulesets(filter: { q?: string; category?: string }): VendorRulesetSummary[] {
    return [...this.rulesets.values()]
      .filter((r) => !filter.category || r.category === filter.category)
      .filter((r) => matches(filter.q, r.name, r.summary))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((r) => ({
        source: 'vendor',
        slug: r.slug,
        name: r.name,
        summary: r.summary,
        category: r.category,
      }));
  }

  getRuleset(slug: string): VendorRuleset {
    const r = this.rulesets.get(slug);
    if (!r) throw notFound('Vendor ruleset');
    return {
      source: 'vendor',
      slug: r.slug,
      name: r.name,
      summary: r.summary,
      category: r.category,
      body_md: r.body_md,
    };
  }
}

/** Every word of the query is in the name or summary, in whole or in part. */
function matches(q: string | undefined, ...fields: string[]): boolean {
  if (!q?.trim()) return true;
  const haystack = fields.join(' ').toLowerCase();
  return q
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

function base(raw: Record<string, unknown>): VendorEntry {
  const slug = requiredString(raw, 'slug');
  if (!VENDOR_SLUG_PATTERN.test(slug)) throw new Error('slug must be lower-case letters, digits and -');
  return {
    slug,
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

function toRulesetEntry(raw: Record<string, unknown>): RulesetEntry {
  return { ...base(raw), category: optionalString(raw, 'category') };
}
