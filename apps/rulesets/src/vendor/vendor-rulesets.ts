import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import {
  TARGET_SCOPES,
  type TargetScope,
  type VendorRuleset,
  type VendorRulesetSummary,
} from '@pc/contracts';
import { VendorIndex, type VendorShelf } from '@pc/listings';
import { optionalString } from '@pc/vendor-index';
import { unsupportedTerms } from '../common/profile-terms';
import { RulesetsEnv } from '../rulesets.env';

/** A vendor ruleset's validation profile, as evaluation runs it. */
export interface VendorProfile {
  slug: string;
  name: string;
  file: string;
  text: string;
}

type RulesetFields = {
  category: string | null;
  target_scopes: TargetScope[];
  /** The validation profile's file, relative to the rulesets folder (evaluation reads it). */
  profile: string | null;
  /** The profile, read with the entry (null without one, or when it is unreadable). */
  loadedProfile: VendorProfile | null;
};

/** Category: exact match on the registry category. */
export interface VendorFilter {
  q?: string;
  category?: string;
  scope?: TargetScope;
}

/** The vendor rulesets: the vendor index's `rulesets/` folder, each with its validation profile. */
const rulesetShelf: VendorShelf<RulesetFields, VendorFilter, VendorRulesetSummary, VendorRuleset> = {
  folder: 'rulesets',
  label: 'Vendor ruleset',
  service: 'rulesets',
  read(raw) {
    const scopes = raw.target_scopes ?? [];
    if (!Array.isArray(scopes) || scopes.some((s) => !(TARGET_SCOPES as readonly unknown[]).includes(s))) {
      throw new Error(`target_scopes must be a list of ${TARGET_SCOPES.join(', ')}`);
    }
    return {
      category: optionalString(raw, 'category'),
      target_scopes: scopes as TargetScope[],
      profile: profilePath(raw.profile),
      loadedProfile: null,
    };
  },
  async attach(entry, folder, errors) {
    if (!entry.profile) return entry;
    try {
      const text = await readFile(path.join(folder, entry.profile), 'utf8');
      return { ...entry, loadedProfile: { slug: entry.slug, name: entry.name, file: entry.profile, text } };
    } catch (error) {
      errors.push(`${entry.slug}: profile ${entry.profile} unreadable (${(error as Error).message})`);
      return entry;
    }
  },
  keeps: (r, filter) =>
    (!filter.category || r.category === filter.category) &&
    (!filter.scope || r.target_scopes.includes(filter.scope)),
  summary: (r) => VendorIndex.summaryOf(r, { category: r.category, target_scopes: r.target_scopes }),
  // Evaluable: evaluation can run it (a profile, in vocabularies the engine reads).
  item: (r) => ({
    ...rulesetShelf.summary(r),
    body_md: r.body_md,
    evaluable: r.loadedProfile !== null && unsupportedTerms(r.loadedProfile.text).length === 0,
  }),
};

/** The vendor rulesets, held in memory by the listings kernel's vendor index; evaluation reads their profiles. */
@Injectable()
export class VendorRulesets extends VendorIndex<
  RulesetFields,
  VendorFilter,
  VendorRulesetSummary,
  VendorRuleset
> {
  constructor(@Inject(RulesetsEnv) env: RulesetsEnv) {
    super(env, rulesetShelf);
  }

  /** The ruleset's profile; 404 for a slug not in the index, null for an entry without a profile. */
  profile(slug: string): VendorProfile | null {
    return this.entry(slug).loadedProfile;
  }
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
