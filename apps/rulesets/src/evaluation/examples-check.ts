import type { EngineResult } from './engine/amf-engine';
import { EVALUATION_LIMITS } from '@pc/contracts';
import type { EngineFinding } from './engine/amf-engine';
import type { EngineReport, EvaluatorOutcome, EvaluatorTask } from './engine/evaluation.worker';
import type { SharedLimit } from './shared-limit';
import { aliasLimitMessage, specificationBytes } from './specification.reader';
import { ranOut } from './validation-limit';
import { nodesAddedByAliases } from './yaml-expansion';

/**
 * The folder layout of a tested ruleset, beside its profile or Spectral ruleset: `examples/conforming/*`
 * (specifications the ruleset must report nothing on) and `examples/non-conforming/*` (every rule must
 * fire on one of them at least). Each file directly in those folders is one specification (.yaml, .yml,
 * .json, .raml).
 */
export const EXAMPLE_FOLDERS = {
  conforming: 'examples/conforming/',
  nonConforming: 'examples/non-conforming/',
} as const;
export const EXAMPLE_FILE = /^[^/]+\.(ya?ml|json|raml)$/i;
/** Examples read at most (per folder). */
export const MAX_EXAMPLES = 20;

export interface Example {
  /** Its path as reported (from the ruleset root). */
  path: string;
  text: string;
}

export interface ExamplesOutcome {
  errors: string[];
  /** Each rule and whether a non-conforming example made it fire. */
  coverage: Array<{ rule: string; fired: boolean }>;
  passed: boolean;
}

/** Runs a task in the evaluator, within what is left of `limit` (see `EvaluatorPool.run`). */
type Runner = (task: EvaluatorTask, limit: SharedLimit | undefined) => Promise<EvaluatorOutcome>;

/** The evaluator task that runs the ruleset on one example (an AMF profile's, or a Spectral ruleset's). */
export type ExampleTask = (files: Record<string, string>, main: string) => EvaluatorTask;

/** An AMF profile's task on an example. */
export const profileTask =
  (profile: string): ExampleTask =>
  (files, main) => ({ kind: 'evaluate', files, main, profiles: [profile] });

/** What bounds the examples' evaluation. */
export interface ExampleLimits {
  /**
   * The largest example handed to the engine (AMF: EVALUATION_AMF_MAX_BYTES, as for an evaluation; its
   * validator's memory grows with the document outside the thread's heap limit); a larger one is reported.
   */
  maxBytes?: number;
  /**
   * The time limit the examples share with the rest of their validation (see validation-limit.ts), their
   * waits for a thread included; the examples it leaves no time for are reported, not run. Without it, a
   * validation of 40 examples could hold a thread for 40 limits.
   */
  limit?: SharedLimit;
}

/**
 * Evaluates the examples with the ruleset's engine and reports each misfire: a result on a conforming
 * example (with its line), a rule of `ruleNames` that fires on no non-conforming example, an example the
 * parser refuses, an example past the limits (never handed to the engine).
 */
export async function checkExamples(
  run: Runner,
  taskFor: ExampleTask,
  ruleNames: string[],
  examples: { conforming: Example[]; nonConforming: Example[] },
  limits: ExampleLimits = {},
): Promise<ExamplesOutcome> {
  const errors: string[] = [];
  const fired = new Set<string>();
  /** Examples a limit kept from the engine: what rules they make fire is not known. */
  const unchecked = new Set<Example>();
  const limit = limits.limit;
  /** The examples the time limit left no time for. */
  const outOfTime: Example[] = [];
  const evaluate = async (example: Example): Promise<EngineResult[] | null> => {
    const name = example.path.split('/').pop()!;
    if (nodesAddedByAliases(example.text, EVALUATION_LIMITS.aliasedNodes) > EVALUATION_LIMITS.aliasedNodes) {
      errors.push(`${example.path}: the example cannot be evaluated: ${aliasLimitMessage()}`);
      unchecked.add(example);
      return null;
    }
    const files = { [name]: example.text };
    const bytes = specificationBytes(files);
    if (limits.maxBytes !== undefined && bytes > limits.maxBytes) {
      errors.push(
        `${example.path}: the example is ${bytes} bytes; the AMF engine evaluates at most ${limits.maxBytes} ` +
          "(EVALUATION_AMF_MAX_BYTES): its validator's memory grows with the document beyond the thread's " +
          'limits, so the example was not evaluated; make it smaller',
      );
      unchecked.add(example);
      return null;
    }
    if (limit?.reached) {
      outOfTime.push(example);
      unchecked.add(example);
      return null;
    }
    let outcome: EvaluatorOutcome;
    try {
      outcome = await run(taskFor(files, name), limit);
    } catch (error) {
      if (!limit?.reached) throw error;
      outOfTime.push(example);
      unchecked.add(example);
      return null;
    }
    const parsed = parsedReport(outcome);
    if (parsed === null) return null;
    if (!parsed.ok) {
      const f = parsed.findings[0];
      errors.push(
        `${example.path}${f?.line ? `:${f.line}` : ''}: the example does not parse (${f?.message ?? 'refused'})`,
      );
      return null;
    }
    const report = parsed.report;
    if (!report.ok) {
      errors.push(`${example.path}: the engine cannot run the ruleset (${report.problem.split('\n')[0]})`);
      return null;
    }
    return report.results;
  };
  for (const example of examples.conforming) {
    for (const r of (await evaluate(example)) ?? []) {
      errors.push(
        `${example.path}:${r.line ?? 1}: rule "${r.rule}" fires on a conforming example (${r.message})`,
      );
    }
  }
  for (const example of examples.nonConforming) {
    for (const r of (await evaluate(example)) ?? []) fired.add(r.rule);
  }
  if (limit && outOfTime.length > 0) {
    const others = outOfTime.length - 1;
    errors.push(
      `${outOfTime[0].path}: not evaluated${others > 0 ? `, nor the ${others} example${others > 1 ? 's' : ''} after it` : ''}: ` +
        `${ranOut(limit)}; fewer or smaller examples take less`,
    );
  }
  const coverage = ruleNames.map((rule) => ({ rule, fired: fired.has(rule) }));
  if (examples.nonConforming.length > 0 && !examples.nonConforming.some((e) => unchecked.has(e))) {
    for (const c of coverage) {
      if (!c.fired)
        errors.push(`${EXAMPLE_FOLDERS.nonConforming}: rule "${c.rule}" fires on no non-conforming example`);
    }
  }
  return { errors, coverage, passed: errors.length === 0 };
}

/** The one report of an example's evaluation, or the parser's findings, from either engine's outcome. */
function parsedReport(
  outcome: EvaluatorOutcome,
): { ok: true; report: EngineReport } | { ok: false; findings: EngineFinding[] } | null {
  switch (outcome.kind) {
    case 'parse-failed':
      return { ok: false, findings: outcome.findings };
    case 'evaluated':
      return { ok: true, report: outcome.reports[0] };
    case 'spectral-evaluated':
      return outcome.outcome.ok
        ? { ok: true, report: outcome.outcome.reports[0] }
        : { ok: false, findings: outcome.outcome.findings };
    case 'profile-checked':
    case 'spectral-checked':
    case 'parsed':
    case 'warm':
      return null;
  }
}
