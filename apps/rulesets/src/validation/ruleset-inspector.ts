import { Injectable, Optional } from '@nestjs/common';
import {
  REGISTRY_ASSET_ID_PATTERN,
  type RulesetBranchInfo,
  type RulesetValidation,
  type ValidateRulesetRequest,
} from '@pc/contracts';
import { type OpenedRepository as Opened, RepositoryReader, type SourceFields } from '@pc/listings';
import { isSourceHostError } from '@pc/source-host';
import { upstreamUnavailable } from '../source';
import {
  EXAMPLE_FILE,
  EXAMPLE_FOLDERS,
  type Example,
  MAX_EXAMPLES,
  ProfileEngineCheck,
  type ValidationRun,
} from '../evaluation';
import { unsupportedTerms } from '../common/profile-terms';
import { SPECTRAL_FILES } from '../common/spectral-vocabulary';
import { analyseProfile, looksLikeProfile, targetScopesOf } from './profile';
import { analyseSpectral, looksLikeSpectral } from './spectral';

/** Profile files tried, in order, when neither `rulesetPath` nor registry.json's `main` names one. */
export const CONVENTIONAL_PROFILES = ['ruleset.yaml', 'ruleset.yml', 'profile.yaml', 'profile.yml'];
/** Other root YAML files read while looking for a profile header. */
const MAX_DISCOVERY_READS = 20;

/** The fields a problem of the repository URL, and of its ref, is reported under. */
const SOURCE: SourceFields = { url: 'repoUrl', ref: 'ref' };

/**
 * Reads a ruleset repository through the source host adapter and reports every problem a user can act
 * on, with where it is. It never throws for a bad repository; when the host itself cannot answer, nothing
 * can be said, and that is a 502 UPSTREAM_UNAVAILABLE.
 *
 * The profile is found in this order: `rulesetPath` when given (`explicit`); registry.json's `main`
 * (`registry`); `ruleset.yaml`, `ruleset.yml`, `profile.yaml`, `profile.yml` (`conventional`); else the
 * first root `.yaml`/`.yml` file, by name, whose first line is the profile header (`discovered`). Paths
 * are relative to the ruleset root: the repository, or the folder of a `/tree/<ref>/<path>` URL.
 */
@Injectable()
export class RulesetInspector {
  constructor(
    private readonly reader: RepositoryReader,
    /** The AMF engine's checks of the profile and its examples (absent: the YAML reading alone). */
    @Optional() private readonly engine?: ProfileEngineCheck,
  ) {}

  /**
   * `owner`: the user whose validation, submission or pin it is, whose share of the evaluator's threads the
   * engine's checks count in (none: work no user asked for). The engine's checks run
   * within one time limit from now (see validation-limit.ts): what it leaves no time for is a warning.
   */
  async validate(request: ValidateRulesetRequest, owner?: string): Promise<RulesetValidation> {
    const run = this.engine?.start(owner);
    const result: RulesetValidation = {
      ok: false,
      errors: [],
      warnings: [],
      ref: null,
      commit: null,
      contentDigest: null,
      subPath: null,
      rulesetPath: null,
      rulesetPathSource: null,
      format: null,
      rulesMarkdown: null,
      profile: null,
      registry: null,
      targetScopes: [],
      iconUrl: null,
      evaluable: false,
      examples: null,
    };
    const repo = await this.open(request, result);
    if (repo) {
      await this.inspect(repo, request, result, run);
      result.contentDigest = await this.reader.digest(repo, result);
    }
    result.ok = result.errors.length === 0;
    return result;
  }

  async branches(repoUrl: string): Promise<RulesetBranchInfo> {
    try {
      return await this.reader.refs(repoUrl);
    } catch (error) {
      if (isSourceHostError(error)) throw upstreamUnavailable(error);
      throw error;
    }
  }

  private async open(request: ValidateRulesetRequest, result: RulesetValidation): Promise<Opened | null> {
    const parsed = this.reader.parse(request.repoUrl, SOURCE.url, result);
    if (!parsed) return null;
    result.subPath = parsed.path ?? null;
    const repo = await this.reader.open(parsed, request.ref?.trim(), SOURCE, result);
    result.ref = repo?.ref ?? null;
    result.commit = repo?.commit ?? null;
    return repo;
  }

  private async inspect(
    repo: Opened,
    request: ValidateRulesetRequest,
    result: RulesetValidation,
    run: ValidationRun | undefined,
  ) {
    await this.readRegistry(repo, result);
    const found = await this.discover(repo, request, result);
    if (found) {
      result.rulesetPath = found.path;
      result.rulesetPathSource = found.source;
      const text = await this.reader.readText(repo, found.path, result);
      if (text !== null && looksLikeSpectral(found.path, text)) {
        await this.inspectSpectral(repo, `${repo.prefix}${found.path}`, text, result, run);
      } else if (text !== null) {
        result.format = 'amf';
        const analysis = analyseProfile(`${repo.prefix}${found.path}`, text);
        result.errors.push(...analysis.errors);
        result.warnings.push(...analysis.warnings);
        result.profile = analysis.profile;
        result.evaluable = analysis.profile !== null && unsupportedTerms(text).length === 0;
        if (run && analysis.profile && analysis.errors.length === 0) {
          await this.checkWithEngine(
            repo,
            `${repo.prefix}${found.path}`,
            text,
            analysis.profile.ruleNames,
            result,
            run,
          );
        }
        result.targetScopes = targetScopesOf(analysis.profile?.targetClasses ?? []);
        if (
          analysis.profile &&
          analysis.profile.targetClasses.length > 0 &&
          result.targetScopes.length === 0
        ) {
          result.warnings.push(
            `${repo.prefix}${found.path}: no target class maps to a known scope; set targetScopes on submission`,
          );
        }
      }
    }
    const icon = ['icon.svg', 'icon.png'].find((f) => repo.files.has(f));
    if (icon)
      result.iconUrl = `${repo.parsed.webUrl}/blob/${encodeURIComponent(repo.ref)}/${repo.prefix}${icon}`;
  }

  /**
   * A Spectral ruleset: read as written (custom functions, `extends` beyond the built-in and catalog
   * rulesets, rules without `given`/`then`, unknown severities and formats: errors at their lines), then
   * by the Spectral engine in the evaluator's threads (its schema, `extends` resolved, each own rule's
   * `given` compiled). The rules in effect give the names and counts, and the `rules` tab's default.
   */
  private async inspectSpectral(
    repo: Opened,
    file: string,
    text: string,
    result: RulesetValidation,
    run: ValidationRun | undefined,
  ): Promise<void> {
    result.format = 'spectral';
    const analysis = analyseSpectral(file, text);
    result.errors.push(...analysis.errors);
    result.warnings.push(...analysis.warnings);
    if (!analysis.readable) return;
    let rules = analysis.ownRules;
    if (this.engine && run && analysis.errors.length === 0 && analysis.where) {
      const where = analysis.where;
      const checked = await this.engine.spectral(
        run,
        file,
        text,
        (path) => where.ofPath(path),
        (id) => `${file}:${analysis.catalogExtends.find((c) => c.id === id)?.line ?? 1}`,
      );
      result.errors.push(...checked.errors);
      result.warnings.push(...checked.warnings);
      // Not checked (the time ran out): the rules as written.
      if (checked.errors.length + checked.warnings.length === 0) rules = checked.rules;
    }
    const ruleCounts = { violation: 0, warning: 0, info: 0 };
    for (const rule of rules) ruleCounts[rule.severity] += 1;
    result.profile = {
      profileName: null,
      description: analysis.description,
      ruleNames: rules.map((r) => r.name),
      ruleCounts,
      targetClasses: [],
      dialectVersion: null,
    };
    if (rules.length === 0) result.warnings.push(`${file}:1: the ruleset has no rule in effect`);
    result.targetScopes = analysis.targetScopes;
    result.evaluable = result.errors.length === 0;
    result.rulesMarkdown = rulesMarkdown(rules);
    if (this.engine && run && result.evaluable) {
      // The ruleset's own rules in effect are the ones its examples must make fire (not those it extends).
      const inEffect = new Set(rules.map((r) => r.name));
      const own = analysis.ownRules.map((r) => r.name).filter((name) => inEffect.has(name));
      const engine = this.engine;
      await this.checkExamples(repo, result, (examples) =>
        engine.spectralExamples(run, file, text, own, examples),
      );
    }
  }

  /**
   * The engine compiles the profile (a refusal is an error: the profile would fail at evaluation), then
   * evaluates the examples of the documented layout, if any (each misfire a warning, and `examples`). A
   * profile the validation's time ran out for has its examples reported as not evaluated.
   */
  private async checkWithEngine(
    repo: Opened,
    file: string,
    text: string,
    ruleNames: string[],
    result: RulesetValidation,
    run: ValidationRun,
  ): Promise<void> {
    const engine = this.engine!;
    const checked = await engine.profile(run, file, text, (rule) => lineOf(text, rule));
    result.errors.push(...checked.errors);
    result.warnings.push(...checked.warnings);
    if (checked.errors.length + checked.warnings.length > 0 && !run.limit.reached) return;
    await this.checkExamples(repo, result, (examples) => engine.examples(run, text, ruleNames, examples));
  }

  /**
   * The examples of the documented layout, if any, evaluated by `evaluate` (the ruleset's engine): each
   * misfire a warning, and `examples`.
   */
  private async checkExamples(
    repo: Opened,
    result: RulesetValidation,
    evaluate: (examples: {
      conforming: Example[];
      nonConforming: Example[];
    }) => ReturnType<ProfileEngineCheck['examples']>,
  ): Promise<void> {
    const pick = async (folder: string) => {
      const names = [...repo.files]
        .filter((f) => f.startsWith(folder) && EXAMPLE_FILE.test(f.slice(folder.length)))
        .sort()
        .slice(0, MAX_EXAMPLES);
      const examples: Example[] = [];
      for (const name of names) {
        const body = await this.reader.readText(repo, name, result);
        if (body !== null) examples.push({ path: `${repo.prefix}${name}`, text: body });
      }
      return examples;
    };
    const conforming = await pick(EXAMPLE_FOLDERS.conforming);
    const nonConforming = await pick(EXAMPLE_FOLDERS.nonConforming);
    if (conforming.length + nonConforming.length === 0) return;
    const outcome = await evaluate({ conforming, nonConforming });
    // Reported, not refused: the ruleset's page shows whether its examples pass and what they cover.
    result.warnings.push(...outcome.errors);
    result.examples = {
      passed: outcome.passed,
      conforming: conforming.length,
      nonConforming: nonConforming.length,
      rules: outcome.coverage,
    };
  }

  private async readRegistry(repo: Opened, result: RulesetValidation): Promise<void> {
    if (!repo.files.has('registry.json')) {
      result.warnings.push(`${repo.prefix}registry.json: not found; the registry fields stay empty`);
      return;
    }
    const text = await this.reader.readText(repo, 'registry.json', result);
    if (text === null) return;
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (error) {
      result.errors.push(`${repo.prefix}registry.json: not valid JSON (${message(error)})`);
      return;
    }
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      result.errors.push(`${repo.prefix}registry.json: must be a JSON object`);
      return;
    }
    const field = (name: string): string | null => {
      const value = (raw as Record<string, unknown>)[name];
      return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
    };
    result.registry = {
      assetId: field('assetId'),
      name: field('name'),
      description: field('description'),
      main: field('main'),
    };
    const assetId = result.registry.assetId;
    if (!assetId) result.warnings.push(`${repo.prefix}registry.json: assetId is missing`);
    else if (!REGISTRY_ASSET_ID_PATTERN.test(assetId) || assetId.length > 255) {
      result.warnings.push(
        `${repo.prefix}registry.json: assetId "${assetId}" is not letters, digits, ".", "_" and "-"`,
      );
    }
  }

  private async discover(
    repo: Opened,
    request: ValidateRulesetRequest,
    result: RulesetValidation,
  ): Promise<{ path: string; source: NonNullable<RulesetValidation['rulesetPathSource']> } | null> {
    const explicit = request.rulesetPath?.trim().replace(/^\.?\/+/, '');
    if (explicit) {
      if (repo.files.has(explicit)) return { path: explicit, source: 'explicit' };
      result.errors.push(`rulesetPath: ${repo.prefix}${explicit} does not exist at ${repo.ref}`);
      return null;
    }
    const main = result.registry?.main?.replace(/^\.?\/+/, '');
    if (main) {
      if (repo.files.has(main)) return { path: main, source: 'registry' };
      result.warnings.push(`${repo.prefix}registry.json: main names ${main}, which does not exist`);
    }
    const conventional = [...CONVENTIONAL_PROFILES, ...SPECTRAL_FILES].find((f) => repo.files.has(f));
    if (conventional) return { path: conventional, source: 'conventional' };
    const candidates = [...repo.files]
      .filter((f) => !f.includes('/') && /\.ya?ml$/i.test(f))
      .sort()
      .slice(0, MAX_DISCOVERY_READS);
    for (const candidate of candidates) {
      const text = await this.reader.readText(repo, candidate, result, true);
      if (text !== null && looksLikeProfile(text)) return { path: candidate, source: 'discovered' };
    }
    result.errors.push(
      `${repo.prefix || '/'}: no validation profile found, nor a Spectral ruleset (looked for registry.json's main, ` +
        `${[...CONVENTIONAL_PROFILES, ...SPECTRAL_FILES].join(', ')}, then any root .yaml file whose first line is ` +
        `"#%Validation Profile 1.0"); set rulesetPath to name it`,
    );
    return null;
  }
}

/** The `rules` tab a Spectral ruleset's submission shows unless its author writes one: each rule in effect. */
function rulesMarkdown(
  rules: Array<{ name: string; severity: 'violation' | 'warning' | 'info'; description: string | null }>,
): string | null {
  if (rules.length === 0) return null;
  const order = { violation: 0, warning: 1, info: 2 } as const;
  const lines = [...rules]
    .sort((a, b) => order[a.severity] - order[b.severity] || a.name.localeCompare(b.name))
    .map(
      (r) =>
        `- **${r.name}** (${r.severity})${r.description ? `: ${r.description.replace(/\s+/g, ' ').trim()}` : ''}`,
    );
  const markdown = `${rules.length} rules in effect:\n\n${lines.join('\n')}\n`;
  // Well within the tabs' byte budget: a long list is cut, the count above stays whole.
  return markdown.length > 60_000 ? `${markdown.slice(0, 60_000)}\n\n…\n` : markdown;
}

/** The line a validation is defined at (its key under `validations:`), 1-based. */
function lineOf(text: string, rule: string): number | null {
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((l) => /^validations:\s*$/.test(l));
  for (let i = Math.max(start, 0); i < lines.length; i += 1) {
    const key = /^\s+["']?([^"':#]+)["']?:\s*$/.exec(lines[i])?.[1]?.trim();
    if (key === rule) return i + 1;
  }
  return null;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
