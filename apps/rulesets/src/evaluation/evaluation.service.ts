import { Inject, Injectable } from '@nestjs/common';
import {
  EVALUATION_LIMITS,
  type EvaluateRequest,
  type EvaluationReport,
  type RequestContext,
  type RulesetEvaluation,
  type SeverityCounts,
} from '@pc/contracts';
import { DomainError } from '@pc/platform';
import { requireUser } from '../common/caller';
import { RulesetsEnv } from '../rulesets.env';
import type { EngineFinding } from './engine/amf-engine';
import type { EngineReport } from './engine/evaluation.worker';
import { type CachedReport, EvaluationCache } from './evaluation.cache';
import { EvaluatorPool } from './evaluator.pool';
import { SharedLimit } from './shared-limit';
import { type LoadedProfile, RulesetProfiles, type RulesetVersionAt } from './ruleset-profiles';
import { SpecificationReader, specificationBytes } from './specification.reader';

/**
 * Evaluates one specification against one or more rulesets: reads the rulesets (AMF profiles and Spectral
 * rulesets) and the specification, answers what the cache knows, and runs the rest in one evaluator task
 * per engine (the document is parsed once for all the rulesets of an engine, or, for AMF, not at all when
 * its model is cached), the caller's share of the evaluator's threads bounded (see fair-share.ts), the
 * engines within one time limit together (EVALUATION_TIMEOUT_MS, see shared-limit.ts).
 */
@Injectable()
export class EvaluationService {
  constructor(
    @Inject(RulesetsEnv) private readonly env: RulesetsEnv,
    private readonly profiles: RulesetProfiles,
    private readonly specs: SpecificationReader,
    private readonly cache: EvaluationCache,
    private readonly pool: EvaluatorPool,
  ) {}

  /** `versions`: community rulesets (by id) to read at an older reviewed version (a governance profile's pin). */
  async evaluate(
    ctx: RequestContext,
    request: EvaluateRequest,
    versions: ReadonlyMap<string, RulesetVersionAt> = new Map(),
  ): Promise<EvaluationReport> {
    const caller = requireUser(ctx);
    const started = Date.now();
    // Its upload first: a ruleset refused below leaves none of its parts behind.
    const specification = await this.specs.uploadTaken(request.specification, caller.userId);
    const loaded = await Promise.all(
      request.rulesets.map((ref) => this.profiles.load(ctx, ref, ref.id ? versions.get(ref.id) : undefined)),
    );
    const spec = await this.specs.read(specification, caller.userId);

    const reports = new Map<string, CachedReport>();
    const cachedDigests = new Set<string>();
    for (const profile of loaded) {
      const hit = this.cache.report(spec.digest, profile.digest);
      if (hit) {
        reports.set(profile.digest, hit);
        cachedDigests.add(profile.digest);
      }
    }
    const pending = unique(loaded.filter((p) => !reports.has(p.digest)));
    let parsed = false;
    let format = [...reports.values()][0]?.format ?? '';
    const keep = (profile: LoadedProfile, report: EngineReport, reportFormat: string) => {
      if (!report.ok) {
        throw new DomainError(
          'RULESETS.NOT_EVALUABLE',
          `The engine cannot run the ${profile.format === 'spectral' ? 'Spectral ruleset' : 'profile'} of ${profile.ruleset.name}: ${cut(report.problem)}`,
        );
      }
      const value: CachedReport = {
        format: reportFormat,
        conforms: report.conforms,
        counts: report.counts,
        total: report.total,
        results: report.results,
      };
      this.cache.putReport(spec.digest, profile.digest, value);
      reports.set(profile.digest, value);
    };
    const amf = pending.filter((p) => p.format === 'amf');
    const spectral = pending.filter((p) => p.format === 'spectral');
    // The engines run one after another within one time limit, so that the answer comes within it.
    const limit = new SharedLimit(
      this.env.EVALUATION_TIMEOUT_MS,
      'for its AMF and Spectral engines together',
    );
    if (amf.length > 0) {
      this.refuseTooLargeForAmf(spec.files, amf);
      const model = this.cache.model(spec.digest);
      const outcome = await this.pool.run(
        {
          kind: 'evaluate',
          files: spec.files,
          main: spec.main,
          ...(model ? { model: model.model, format: model.format } : {}),
          profiles: amf.map((p) => p.text),
        },
        { owner: caller.userId, limit },
      );
      if (outcome.kind === 'parse-failed') throw unparseable(outcome.findings);
      if (outcome.kind !== 'evaluated') throw new Error(`unexpected evaluator outcome ${outcome.kind}`);
      parsed = outcome.parsed;
      format = outcome.format;
      if (outcome.parsed) this.cache.putModel(spec.digest, outcome.format, outcome.model);
      outcome.reports.forEach((report, i) => keep(amf[i], report, outcome.format));
    }
    if (spectral.length > 0) {
      const answer = await this.pool.run(
        {
          kind: 'evaluate-spectral',
          files: spec.files,
          main: spec.main,
          rulesets: spectral.map((p) => ({ ruleset: { file: p.file, text: p.text }, catalog: p.catalog })),
        },
        { owner: caller.userId, limit },
      );
      if (answer.kind !== 'spectral-evaluated')
        throw new Error(`unexpected evaluator outcome ${answer.kind}`);
      const outcome = answer.outcome;
      if (!outcome.ok) throw unparseable(outcome.findings);
      parsed = true;
      // The AMF parser's name of the format wins when both engines ran (it is the one the rest report).
      if (amf.length === 0) format = outcome.format;
      outcome.reports.forEach((report, i) => keep(spectral[i], report, outcome.format));
    }

    const evaluations = loaded.map((profile) =>
      present(profile, reports.get(profile.digest)!, cachedDigests.has(profile.digest)),
    );
    return {
      specification: { format, files: Object.keys(spec.files).sort(), digest: spec.digest, parsed },
      conforms: evaluations.every((e) => e.conforms),
      counts: sum(evaluations.map((e) => e.counts)),
      evaluations,
      durationMs: Date.now() - started,
    };
  }

  /**
   * Parses a document as its evaluations will (a governed API's, registered or pushed), in the evaluator's
   * threads under the caller's share and EVALUATION_TIMEOUT_MS, and runs no rule: its format when an
   * engine reads it (Spectral rulesets', or, within EVALUATION_AMF_MAX_BYTES, AMF profiles'), else 422
   * `RULESETS.SPECIFICATION_INVALID` with the parser's findings (file, line and column), as an evaluation
   * of it would answer. A document whose model is cached parsed before: it is not parsed again.
   */
  async parseDocument(ownerId: string, document: { content: string; filename?: string }): Promise<string> {
    const spec = await this.specs.read({ content: document.content, filename: document.filename }, ownerId);
    const model = this.cache.model(spec.digest);
    if (model) return model.format;
    const outcome = await this.pool.run(
      {
        kind: 'parse',
        files: spec.files,
        main: spec.main,
        amf: specificationBytes(spec.files) <= this.env.EVALUATION_AMF_MAX_BYTES,
      },
      { owner: ownerId },
    );
    if (outcome.kind === 'parse-failed') throw unparseable(outcome.findings);
    if (outcome.kind !== 'parsed') throw new Error(`unexpected evaluator outcome ${outcome.kind}`);
    return outcome.format;
  }

  /**
   * The AMF validator's memory (WebAssembly) grows with the document, outside the thread's heap limit:
   * a document over EVALUATION_AMF_MAX_BYTES is refused before any engine runs, naming the limit.
   */
  private refuseTooLargeForAmf(files: Record<string, string>, amf: LoadedProfile[]): void {
    const bytes = specificationBytes(files);
    const limit = this.env.EVALUATION_AMF_MAX_BYTES;
    if (bytes <= limit) return;
    throw new DomainError(
      'UNPROCESSABLE',
      `The specification is ${bytes} bytes; the AMF engine evaluates at most ${limit} (EVALUATION_AMF_MAX_BYTES), ` +
        `and ${amf[0].ruleset.name} is an AMF profile: its validator's memory grows with the document beyond ` +
        "the thread's limits. Split the specification, or evaluate it with a Spectral ruleset (up to 5 MiB)",
    );
  }
}

function present(profile: LoadedProfile, report: CachedReport, cached: boolean): RulesetEvaluation {
  // The thread kept the first results in reading order and counted all of them (evaluation.worker.ts).
  const results = report.results
    .slice(0, EVALUATION_LIMITS.resultsPerRuleset)
    .map((r) => ({ ...r, message: cut(r.message) }));
  return {
    ruleset: profile.ruleset,
    conforms: report.conforms,
    counts: report.counts,
    results,
    truncated: report.total > results.length,
    cached,
  };
}

function unparseable(findings: EngineFinding[]): DomainError {
  const first = findings[0];
  const where = first?.line ? ` (${first.file}:${first.line}:${first.column})` : '';
  return new DomainError(
    'RULESETS.SPECIFICATION_INVALID',
    `The specification cannot be evaluated: ${cut(first?.message ?? 'the parser refused it')}${where}`,
    undefined,
    undefined,
    {
      findings: findings.slice(0, EVALUATION_LIMITS.findings).map((f) => ({ ...f, message: cut(f.message) })),
    },
  );
}

function unique(profiles: LoadedProfile[]): LoadedProfile[] {
  const seen = new Set<string>();
  return profiles.filter((p) => !seen.has(p.digest) && seen.add(p.digest));
}

function sum(all: SeverityCounts[]): SeverityCounts {
  return all.reduce(
    (a, c) => ({
      violation: a.violation + c.violation,
      warning: a.warning + c.warning,
      info: a.info + c.info,
    }),
    { violation: 0, warning: 0, info: 0 },
  );
}

function cut(text: string): string {
  return text.length > EVALUATION_LIMITS.message ? `${text.slice(0, EVALUATION_LIMITS.message - 1)}…` : text;
}
