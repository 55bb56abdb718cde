import type { EngineResult } from './engine/amf-engine';
import { EVALUATION_LIMITS } from '@pc/contracts';
import type { EvaluatorOutcome, EvaluatorTask } from './engine/evaluation.worker';
import { aliasLimitMessage } from './specification.reader';
import { nodesAddedByAliases } from './yaml-expansion';

/**
 * The folder layout of a tested ruleset, beside its profile: `examples/conforming/*` (specifications the
 * profile must report nothing on) and `examples/non-conforming/*` (every rule must fire on one of them at
 * least). Each file directly in those folders is one specification (.yaml, .yml, .json, .raml).
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

type Runner = (task: EvaluatorTask) => Promise<EvaluatorOutcome>;

/**
 * Evaluates the examples with the engine and reports each misfire: a result on a conforming example (with
 * its line), a rule that fires on no non-conforming example, an example the parser refuses.
 */
export async function checkExamples(
  run: Runner,
  profile: string,
  ruleNames: string[],
  examples: { conforming: Example[]; nonConforming: Example[] },
): Promise<ExamplesOutcome> {
  const errors: string[] = [];
  const fired = new Set<string>();
  const evaluate = async (example: Example): Promise<EngineResult[] | null> => {
    const name = example.path.split('/').pop()!;
    if (nodesAddedByAliases(example.text, EVALUATION_LIMITS.aliasedNodes) > EVALUATION_LIMITS.aliasedNodes) {
      errors.push(`${example.path}: the example cannot be evaluated: ${aliasLimitMessage()}`);
      return null;
    }
    const outcome = await run({
      kind: 'evaluate',
      files: { [name]: example.text },
      main: name,
      profiles: [profile],
    });
    if (outcome.kind === 'parse-failed') {
      const f = outcome.findings[0];
      errors.push(
        `${example.path}${f?.line ? `:${f.line}` : ''}: the example does not parse (${f?.message ?? 'refused'})`,
      );
      return null;
    }
    if (outcome.kind !== 'evaluated') return null;
    const report = outcome.reports[0];
    if (!report.ok) {
      errors.push(`${example.path}: the engine cannot run the profile (${report.problem.split('\n')[0]})`);
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
  const coverage = ruleNames.map((rule) => ({ rule, fired: fired.has(rule) }));
  if (examples.nonConforming.length > 0) {
    for (const c of coverage) {
      if (!c.fired)
        errors.push(`${EXAMPLE_FOLDERS.nonConforming}: rule "${c.rule}" fires on no non-conforming example`);
    }
  }
  return { errors, coverage, passed: errors.length === 0 };
}
