import type { EvaluatedRulesetVersion, KeptFinding, SeverityCounts } from '@pc/contracts';

/** What of a waiver decides which findings it covers. */
export interface WaiverScope {
  id: string;
  /** The ruleset whose rule it waives; null or absent: the rule of that name in every ruleset. */
  ruleset_id?: string | null;
  rule: string;
  location: string;
}

/**
 * Whether a waiver covers a finding: the same rule (of the waiver's ruleset when it names one), at its location. A location starting with `#` or `/`
 * is a JSON pointer: the element it names and everything below it, `*` standing for any one segment
 * (`#/paths/*\/get`). Anything else is a pattern of the finding's file (`specs/internal/**`, `*.yaml`):
 * `*` any characters but `/`, `**` any, `?` one.
 */
export function covers(
  waiver: WaiverScope,
  finding: Pick<KeptFinding, 'ruleset_id' | 'rule' | 'pointer' | 'file'>,
): boolean {
  if (waiver.rule !== finding.rule) return false;
  if (waiver.ruleset_id != null && waiver.ruleset_id !== finding.ruleset_id) return false;
  if (isPointer(waiver.location)) {
    if (finding.pointer === null) return false;
    const want = segments(waiver.location);
    const have = segments(finding.pointer);
    return want.length <= have.length && want.every((s, i) => s === '*' || s === have[i]);
  }
  return finding.file !== null && filePattern(waiver.location).test(finding.file);
}

export function isPointer(location: string): boolean {
  return location.startsWith('#') || location.startsWith('/');
}

function segments(pointer: string): string[] {
  const path = pointer.replace(/^#/, '');
  return path === '' || path === '/' ? [] : path.replace(/^\//, '').replace(/\/$/, '').split('/');
}

function filePattern(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      source += '.*';
      i++;
    } else if (c === '*') source += '[^/]*';
    else if (c === '?') source += '[^/]';
    else source += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** One evaluated ruleset: all of its rules apply to the API. */
export interface RulesetRules {
  ruleset_id: string;
  applicable_rules: number;
  /**
   * The engine's complete counts of the ruleset's findings, of which the findings given may keep fewer (the
   * engine's and the evaluation's caps); without them the findings are taken as complete.
   */
  counts?: Pick<SeverityCounts, 'violation'>;
}

export interface Conformance {
  findings: KeptFinding[];
  waived: number;
  /** Failed rules per ruleset id. */
  failed: Map<string, number>;
  passed_rules: number;
  applicable_rules: number;
  /** Percent, one decimal; null when no rule applies. */
  conformance: number | null;
}

/**
 * An evaluation's conformance: the rules of its rulesets that passed over all of them. A rule fails when
 * a finding of severity `violation` (what makes the engine's report not conform) is not waived; warnings
 * and infos are kept and counted but fail nothing. Each finding says which waiver covers it, if any.
 *
 * When a ruleset's violations were cut off (fewer kept than its `counts` say), each violation not kept may
 * be of a rule that no kept finding names, or the unwaived one of a rule whose kept ones are waived: as
 * many more rules as violations are missing count as failed (at most all of the ruleset's), so that no
 * rule that may have failed counts as passed.
 */
export function conformanceOf(
  rulesets: RulesetRules[],
  findings: Array<Omit<KeptFinding, 'waiver_id'>>,
  waivers: WaiverScope[],
): Conformance {
  const kept = findings.map((f) => ({ ...f, waiver_id: waivers.find((w) => covers(w, f))?.id ?? null }));
  const failing = new Map<string, Set<string>>();
  const violationsKept = new Map<string, number>();
  for (const finding of kept) {
    if (finding.severity !== 'violation') continue;
    violationsKept.set(finding.ruleset_id, (violationsKept.get(finding.ruleset_id) ?? 0) + 1);
    if (finding.waiver_id !== null) continue;
    const rules = failing.get(finding.ruleset_id) ?? new Set<string>();
    rules.add(finding.rule);
    failing.set(finding.ruleset_id, rules);
  }
  const failed = new Map<string, number>();
  let applicable = 0;
  let passed = 0;
  for (const ruleset of rulesets) {
    const keptHere = violationsKept.get(ruleset.ruleset_id) ?? 0;
    const missing = Math.max(0, (ruleset.counts?.violation ?? keptHere) - keptHere);
    const failedHere = Math.min(
      (failing.get(ruleset.ruleset_id)?.size ?? 0) + missing,
      ruleset.applicable_rules,
    );
    failed.set(ruleset.ruleset_id, failedHere);
    applicable += ruleset.applicable_rules;
    passed += ruleset.applicable_rules - failedHere;
  }
  return {
    findings: kept,
    waived: kept.filter((f) => f.waiver_id !== null).length,
    failed,
    passed_rules: passed,
    applicable_rules: applicable,
    conformance: applicable === 0 ? null : Math.round((passed / applicable) * 1000) / 10,
  };
}

/** The per-ruleset failed counts of an evaluation, from `conformanceOf`. */
export function withFailed(
  rulesets: EvaluatedRulesetVersion[],
  failed: Map<string, number>,
): EvaluatedRulesetVersion[] {
  return rulesets.map((r) => ({ ...r, failed_rules: failed.get(r.ruleset_id) ?? 0 }));
}
