import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  ANONYMOUS,
  type EvaluatedRulesetRef,
  type RequestContext,
  type RulesetEvaluation,
  type RulesetFormat,
} from '@pc/contracts';
import { DomainError, unprocessable } from '@pc/platform';
import { isSourceHostError, type SourceHost } from '@pc/source-host';
import { RulesetAccess, type RulesetRow } from '../rulesets';
import { isTransient, SOURCE_HOST, upstreamUnavailable } from '../source';
import { VendorRulesets } from '../vendor';
import { unsupportedTerms } from '../common/profile-terms';
import { CATALOG_EXTENDS, MAX_CATALOG_DEPTH } from '../common/spectral-vocabulary';
import type { SpectralSource } from './engine/spectral-engine';
import { parseDocument } from 'yaml';

/** A community ruleset's profile text is kept this long (its repository is read again after). */
const PROFILE_TTL_MS = 60_000;
const MAX_PROFILES = 500;

/**
 * 422 `RULESETS.NOT_EVALUABLE` for a profile the engine cannot read (its vocabulary: a ruleset written for
 * MCP servers or agents), before it reaches the engine, whose validator would panic on it.
 */
function runnable(name: string, text: string): void {
  const unsupported = unsupportedTerms(text);
  if (unsupported.length > 0) {
    throw new DomainError(
      'RULESETS.NOT_EVALUABLE',
      `The ruleset ${name} names ${unsupported.map((u) => u.term).join(', ')}, which the AMF model of API specifications does not have: it governs something other than an API specification and cannot be evaluated here`,
    );
  }
}

export interface LoadedProfile {
  ruleset: RulesetEvaluation['ruleset'];
  format: RulesetFormat;
  text: string;
  /** The file name of the ruleset (Spectral rulesets: YAML unless it ends in `.json`). */
  file: string;
  /** Spectral: the catalog rulesets its `extends` reach, by id (their digests are in `digest`). */
  catalog: Record<string, SpectralSource>;
  digest: string;
}

/** An older reviewed version of a community ruleset to read instead of its current one (a profile's pin). */
export interface RulesetVersionAt {
  commit: string;
  ruleset_path: string | null;
  ruleset_format: RulesetRow['ruleset_format'];
  /**
   * A version a profile pins: the version of each catalog ruleset it extends (by id) to read, the one that
   * ruleset had when this version was kept (null: none kept by then, its current one is read). Absent:
   * the catalog rulesets are read at their current versions (a ruleset followed at its latest).
   */
  extendedAt?: ExtendedVersionAt;
}

/** The version to read of a catalog ruleset (by id) that a version extends. */
export type ExtendedVersionAt = (rulesetId: string) => Promise<Omit<RulesetVersionAt, 'extendedAt'> | null>;

/** A catalog ruleset a Spectral ruleset extends that cannot be read, and why. */
export interface CatalogProblem {
  id: string;
  message: string;
}

/**
 * The profile of a ruleset to evaluate. Community rulesets: only one the caller may see (unpublished:
 * its owner and administrators; anyone else gets the same 404 as for a missing one), the profile read
 * from its repository through the source host adapter at the reviewed commit (the pin approval or an
 * administrator set), so that what the owner pushes to the branch afterwards changes nobody's verdict until
 * it is reviewed; a ruleset never pinned (still under review: its owner's own tries) at its source ref.
 * Vendor rulesets: the profile file the index names.
 */
@Injectable()
export class RulesetProfiles {
  private readonly texts = new Map<string, { text: string; at: number }>();

  constructor(
    private readonly access: RulesetAccess,
    private readonly vendor: VendorRulesets,
    @Inject(SOURCE_HOST) private readonly host: SourceHost,
  ) {}

  /** `at`: a community ruleset read at that reviewed version rather than its current one. */
  async load(ctx: RequestContext, ref: EvaluatedRulesetRef, at?: RulesetVersionAt): Promise<LoadedProfile> {
    if (ref.slug !== undefined) {
      const profile = this.vendor.profile(ref.slug);
      if (!profile)
        throw new DomainError(
          'RULESETS.NOT_EVALUABLE',
          `The vendor ruleset ${ref.slug} has no validation profile the engine can run (it governs something other than an API specification)`,
        );
      runnable(profile.name, profile.text);
      return {
        ruleset: {
          source: 'vendor',
          id: null,
          slug: ref.slug,
          name: profile.name,
          profileName: profileNameOf(profile.text),
        },
        format: 'amf',
        text: profile.text,
        file: profile.file,
        catalog: {},
        digest: digest(profile.text),
      };
    }
    const visible = await this.access.visible(ctx, ref.id);
    const row = at ? atVersion(visible, at) : visible;
    if (!row.ruleset_path)
      throw new DomainError('RULESETS.NOT_EVALUABLE', 'The ruleset names no profile file to evaluate');
    const text = await this.read(row.source_url, row.pinned_commit ?? row.source_ref, row.ruleset_path);
    const ruleset = {
      source: 'community' as const,
      id: row.id,
      slug: null,
      name: row.name,
      profileName: row.profile_name,
    };
    if (row.ruleset_format === 'spectral') {
      const { catalog, problems } = await this.catalogOf(text, at?.extendedAt);
      if (problems.length > 0) {
        throw new DomainError(
          'RULESETS.NOT_EVALUABLE',
          `The ruleset ${row.name} extends ${problems.map((p) => p.message).join('; ')}`,
        );
      }
      const all = [
        text,
        ...Object.keys(catalog)
          .sort()
          .map((id) => `${id}\0${catalog[id].text}`),
      ];
      return {
        ruleset,
        format: 'spectral',
        text,
        file: row.ruleset_path,
        catalog,
        digest: digest(`spectral\0${row.ruleset_path}\0${all.join('\0')}`),
      };
    }
    runnable(row.name, text);
    return { ruleset, format: 'amf', text, file: row.ruleset_path, catalog: {}, digest: digest(text) };
  }

  /**
   * The Spectral rulesets of this catalog a Spectral ruleset's `extends` reach (`catalog:<id>`), read at
   * their reviewed commits (their current ones, or those `extendedAt` names: a pinned version's),
   * transitively, at most MAX_CATALOG_DEPTH deep. Each must be published (anyone may see it) and be a
   * Spectral ruleset; a reference that is not is a problem, never followed further.
   */
  async catalogOf(
    text: string,
    extendedAt?: ExtendedVersionAt,
  ): Promise<{ catalog: Record<string, SpectralSource>; problems: CatalogProblem[] }> {
    const catalog: Record<string, SpectralSource> = {};
    const problems: CatalogProblem[] = [];
    let wave = catalogIds(text).map((id) => ({ id, depth: 1 }));
    while (wave.length > 0) {
      const next: typeof wave = [];
      for (const { id, depth } of wave) {
        if (catalog[id]) continue;
        if (depth > MAX_CATALOG_DEPTH) {
          problems.push({ id, message: `catalog:${id}, deeper than ${MAX_CATALOG_DEPTH} catalog rulesets` });
          continue;
        }
        let row;
        try {
          row = await this.access.visible({ requestId: 'spectral-extends', caller: ANONYMOUS }, id);
        } catch {
          problems.push({ id, message: `catalog:${id}, which is not a ruleset published in this catalog` });
          continue;
        }
        const kept = extendedAt && (await extendedAt(id));
        if (kept) row = atVersion(row, kept);
        if (row.ruleset_format !== 'spectral' || !row.ruleset_path) {
          problems.push({ id, message: `catalog:${id} (${row.name}), which is not a Spectral ruleset` });
          continue;
        }
        const extended = await this.read(
          row.source_url,
          row.pinned_commit ?? row.source_ref,
          row.ruleset_path,
        );
        catalog[id] = { file: row.ruleset_path, text: extended };
        next.push(...catalogIds(extended).map((child) => ({ id: child, depth: depth + 1 })));
      }
      wave = next;
    }
    return { catalog, problems };
  }

  private async read(url: string, ref: string | null, rulesetPath: string): Promise<string> {
    const key = `${url}|${ref ?? ''}|${rulesetPath}`;
    const kept = this.texts.get(key);
    if (kept && Date.now() - kept.at < PROFILE_TTL_MS) return kept.text;
    try {
      const repo = this.host.parseRepositoryUrl(url);
      const at = ref || repo.ref || (await this.host.getRepository(repo)).defaultBranch;
      const prefix = repo.path ? `${repo.path}/` : '';
      const text = (await this.host.readFile(repo, `${prefix}${rulesetPath}`, at)).toString('utf8');
      this.texts.set(key, { text, at: Date.now() });
      while (this.texts.size > MAX_PROFILES) this.texts.delete(this.texts.keys().next().value as string);
      return text;
    } catch (error) {
      if (isTransient(error)) throw upstreamUnavailable(error);
      if (isSourceHostError(error)) {
        throw unprocessable(
          `The ruleset's profile cannot be read from its repository (${error.kind}: ${error.message})`,
        );
      }
      throw error;
    }
  }
}

/** The ruleset's row as it was at a reviewed version: that commit, its profile file and format there. */
function atVersion(row: RulesetRow, at: Omit<RulesetVersionAt, 'extendedAt'>): RulesetRow {
  return {
    ...row,
    ruleset_path: at.ruleset_path,
    ruleset_format: at.ruleset_format,
    pinned_commit: at.commit,
  };
}

/** The catalog rulesets a Spectral ruleset's text names in `extends` (its own and its overrides'). */
function catalogIds(text: string): string[] {
  const data: unknown = parseDocument(text, { strict: false }).toJS();
  const ids: string[] = [];
  const visit = (value: unknown): void => {
    const entries = Array.isArray(value) ? value : [value];
    for (const entry of entries) {
      const name: unknown = Array.isArray(entry) ? entry[0] : entry;
      const id = typeof name === 'string' ? CATALOG_EXTENDS.exec(name)?.[1]?.toLowerCase() : undefined;
      if (id && !ids.includes(id)) ids.push(id);
    }
  };
  if (typeof data === 'object' && data !== null) {
    const root = data as { extends?: unknown; overrides?: unknown };
    visit(root.extends);
    if (Array.isArray(root.overrides)) {
      for (const o of root.overrides)
        if (typeof o === 'object' && o !== null) visit((o as { extends?: unknown }).extends);
    }
  }
  return ids;
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function profileNameOf(text: string): string | null {
  return /^profile:\s*['"]?(.+?)['"]?\s*$/m.exec(text)?.[1] ?? null;
}
