import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  TARGET_SCOPES,
  type TargetScope,
  type VendorRuleset,
  type VendorRulesetSummary,
} from '@pc/contracts';
import { bestMatches, createLogger, notFound } from '@pc/platform';
import {
  loadVendorFolder,
  optionalString,
  requiredSlug,
  requiredString,
  type VendorEntry,
} from '@pc/vendor-index';
import { unsupportedTerms } from '../common/profile-terms';
import { RulesetsEnv } from '../rulesets.env';

const log = createLogger('rulesets');

type RulesetEntry = VendorEntry & {
  category: string | null;
  target_scopes: TargetScope[];
  /** The validation profile's file, relative to the rulesets folder (evaluation reads it). */
  profile: string | null;
};

/** A vendor ruleset's validation profile, as evaluation runs it. */
export interface VendorProfile {
  slug: string;
  name: string;
  file: string;
  text: string;
}

export interface VendorFilter {
  q?: string;
  category?: string;
  scope?: TargetScope;
}

/**
 * The vendor rulesets of the vendor index (`rulesets/*.yaml`), held in memory: loaded at start, swapped
 * whole on reload. Loaded by the same library loader the catalog uses for vendor policies.
 */
@Injectable()
export class VendorRulesets implements OnModuleInit {
  private entries = new Map<string, RulesetEntry>();
  private profiles = new Map<string, VendorProfile>();

  constructor(@Inject(RulesetsEnv) private readonly env: RulesetsEnv) {}

  async onModuleInit(): Promise<void> {
    await this.reload();
  }

  async reload(): Promise<{ rulesets: number; errors: string[] }> {
    const folder = path.join(this.env.VENDOR_INDEX_DIR, 'rulesets');
    const loaded = await loadVendorFolder(folder, toEntry);
    const profiles = new Map<string, VendorProfile>();
    for (const entry of loaded.entries.values()) {
      if (!entry.profile) continue;
      try {
        const text = await readFile(path.join(folder, entry.profile), 'utf8');
        profiles.set(entry.slug, { slug: entry.slug, name: entry.name, file: entry.profile, text });
      } catch (error) {
        loaded.errors.push(
          `${entry.slug}: profile ${entry.profile} unreadable (${(error as Error).message})`,
        );
      }
    }
    this.entries = loaded.entries;
    this.profiles = profiles;
    if (loaded.errors.length > 0) log.warn({ errors: loaded.errors }, 'vendor index entries skipped');
    return { rulesets: this.entries.size, errors: loaded.errors };
  }

  /** Category: exact match on the registry category. */
  list(filter: VendorFilter): VendorRulesetSummary[] {
    const filtered = [...this.entries.values()]
      .filter((r) => !filter.category || r.category === filter.category)
      .filter((r) => !filter.scope || r.target_scopes.includes(filter.scope));
    return bestMatches(filtered, filter.q, (r) => [r.name, r.summary])
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((r) => ({
        source: 'vendor',
        slug: r.slug,
        name: r.name,
        summary: r.summary,
        category: r.category,
        target_scopes: r.target_scopes,
      }));
  }

  /** Whether evaluation can run the ruleset (a profile, in vocabularies the engine reads). */
  private evaluable(slug: string): boolean {
    const profile = this.profiles.get(slug);
    return profile !== undefined && unsupportedTerms(profile.text).length === 0;
  }

  /** The ruleset's profile; 404 for a slug not in the index, null for an entry without a profile. */
  profile(slug: string): VendorProfile | null {
    if (!this.entries.has(slug)) throw notFound('Vendor ruleset');
    return this.profiles.get(slug) ?? null;
  }

  get(slug: string): VendorRuleset {
    const r = this.entries.get(slug);
    if (!r) throw notFound('Vendor ruleset');
    return {
      source: 'vendor',
      slug: r.slug,
      name: r.name,
      summary: r.summary,
      category: r.category,
      target_scopes: r.target_scopes,
      body_md: r.body_md,
      evaluable: this.evaluable(r.slug),
    };
  }
}

function toEntry(raw: Record<string, unknown>): RulesetEntry {
  const scopes = raw.target_scopes ?? [];
  if (!Array.isArray(scopes) || scopes.some((s) => !(TARGET_SCOPES as readonly unknown[]).includes(s))) {
    throw new Error(`target_scopes must be a list of ${TARGET_SCOPES.join(', ')}`);
  }
  return {
    slug: requiredSlug(raw),
    name: requiredString(raw, 'name'),
    summary: requiredString(raw, 'summary'),
    body_md: requiredString(raw, 'body_md'),
    category: optionalString(raw, 'category'),
    target_scopes: scopes as TargetScope[],
    profile: profilePath(raw.profile),
  };
}

function profilePath(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (
    typeof value !== 'string' ||
    !/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(value) ||
    value.split('/').includes('..')
  ) {
    throw new Error('profile must be a relative path inside the rulesets folder');
  }
  return value;
}
