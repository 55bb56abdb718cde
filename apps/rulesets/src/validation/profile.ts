import type { RuleCounts, RulesetValidation, TargetScope } from '@pc/contracts';
import { RULESET_LIMITS, TARGET_SCOPES } from '@pc/contracts';
import { isMap, isScalar, isSeq, type Node, type YAMLMap } from 'yaml';
import { parsedDocument } from './yaml-document';

export const PROFILE_HEADER = '#%Validation Profile 1.0';
const HEADER = /^#%Validation Profile (\d+(?:\.\d+)*)\s*$/;
const SEVERITIES = ['violation', 'warning', 'info'] as const;
type Severity = (typeof SEVERITIES)[number];

export interface ProfileAnalysis {
  errors: string[];
  warnings: string[];
  profile: NonNullable<RulesetValidation['profile']> | null;
}

/** True when the text starts like a validation profile (any dialect version). */
export function looksLikeProfile(text: string): boolean {
  return HEADER.test(firstLine(text));
}

/**
 * Reads a validation profile and reports every problem with where it is (`file:line[:column]`, the
 * positions the YAML parser knows). Errors: not a profile (first line), YAML that does not parse, a rule
 * under two severities, a severity list naming a rule `validations` does not define, no profile name.
 * Doubtful things are warnings: another dialect version, a validation without `targetClass`, a validation
 * no severity lists, a rule listed twice under one severity, no description, no rules at all.
 */
export function analyseProfile(file: string, text: string): ProfileAnalysis {
  const errors: string[] = [];
  const warnings: string[] = [];
  const header = HEADER.exec(firstLine(text));
  if (!header) {
    errors.push(`${file}:1: not a validation profile: the first line must be "${PROFILE_HEADER}"`);
    return { errors, warnings, profile: null };
  }
  const dialectVersion = header[1];
  if (dialectVersion !== '1.0') {
    warnings.push(`${file}:1: dialect version ${dialectVersion} is not 1.0; it may not be understood`);
  }
  const parsed = parsedDocument(file, text, errors, 'YAML');
  if (!parsed) return { errors, warnings, profile: null };
  const { doc, lines } = parsed;
  const at = (node: Node | null | undefined): string =>
    node?.range ? `${file}:${lines.linePos(node.range[0]).line}` : file;
  const root = doc.contents;
  if (!isMap(root)) {
    errors.push(`${file}:1: a validation profile must be a YAML mapping`);
    return { errors, warnings, profile: null };
  }
  const profileName = stringAt(root, 'profile');
  if (!profileName) errors.push(`${at(root)}: profile (the profile's name) is missing`);
  const description = stringAt(root, 'description');
  if (!description) warnings.push(`${at(root)}: description is missing`);

  const listedUnder = new Map<string, Severity>();
  const listedAt = new Map<string, Node>();
  const perSeverity: Record<Severity, string[]> = { violation: [], warning: [], info: [] };
  for (const severity of SEVERITIES) {
    const node = root.get(severity, true) as Node | undefined;
    if (node === undefined || (isScalar(node) && node.value === null)) continue;
    if (!isSeq(node)) {
      errors.push(`${at(node)}: ${severity} must be a list of rule names`);
      continue;
    }
    for (const item of node.items as Node[]) {
      const name = isScalar(item) ? item.value : undefined;
      if (typeof name !== 'string' || name.trim() === '' || name.length > RULESET_LIMITS.ruleName.max) {
        errors.push(
          `${at(item)}: ${severity} lists something that is not a rule name (1 to ${RULESET_LIMITS.ruleName.max} characters)`,
        );
        continue;
      }
      const first = listedUnder.get(name);
      if (first === severity) {
        warnings.push(`${at(item)}: rule "${name}" is listed twice under ${severity}`);
        continue;
      }
      if (first !== undefined) {
        errors.push(`${at(item)}: rule "${name}" is listed under both ${first} and ${severity}`);
        continue;
      }
      listedUnder.set(name, severity);
      listedAt.set(name, item);
      perSeverity[severity].push(name);
    }
  }

  const validationsNode = root.get('validations', true) as Node | undefined;
  const defined = new Map<string, Node>();
  const targetClasses: string[] = [];
  if (validationsNode !== undefined && !(isScalar(validationsNode) && validationsNode.value === null)) {
    if (!isMap(validationsNode)) {
      errors.push(`${at(validationsNode)}: validations must be a mapping of rule names to rules`);
    } else {
      for (const pair of validationsNode.items) {
        const key = isScalar(pair.key) ? pair.key.value : undefined;
        if (typeof key !== 'string') continue;
        defined.set(key, pair.key as Node);
        const value = pair.value as Node | null;
        const targetClass = isMap(value) ? stringAt(value, 'targetClass') : null;
        if (!targetClass) {
          warnings.push(`${at(pair.key as Node)}: validation "${key}" has no targetClass`);
        } else if (!targetClasses.includes(targetClass)) {
          targetClasses.push(targetClass);
        }
      }
    }
  }
  for (const [name, severity] of listedUnder) {
    if (!defined.has(name)) {
      errors.push(
        `${at(listedAt.get(name))}: rule "${name}" is listed under ${severity} but validations does not define it`,
      );
    }
  }
  for (const [name, node] of defined) {
    if (!listedUnder.has(name)) {
      warnings.push(
        `${at(node)}: validation "${name}" is not listed under violation, warning or info; it is never reported`,
      );
    }
  }
  const ruleNames = [...perSeverity.violation, ...perSeverity.warning, ...perSeverity.info];
  if (ruleNames.length > RULESET_LIMITS.profileRules.max) {
    errors.push(
      `${at(root)}: the profile lists ${ruleNames.length} rules; at most ${RULESET_LIMITS.profileRules.max}`,
    );
    return { errors, warnings, profile: null };
  }
  const longClass = targetClasses.find((c) => c.length > RULESET_LIMITS.ruleName.max);
  if (longClass !== undefined) {
    errors.push(`${at(root)}: a targetClass is longer than ${RULESET_LIMITS.ruleName.max} characters`);
    return { errors, warnings, profile: null };
  }
  if (ruleNames.length === 0) warnings.push(`${at(root)}: the profile lists no rules`);
  const ruleCounts: RuleCounts = {
    violation: perSeverity.violation.length,
    warning: perSeverity.warning.length,
    info: perSeverity.info.length,
  };
  return {
    errors,
    warnings,
    profile: { profileName, description, ruleNames, ruleCounts, targetClasses, dialectVersion },
  };
}

/**
 * The scopes a profile targets, from its validations' target classes (documented in docs/guides/rulesets.md):
 * `async.*`, `apiBinding.*` and the message and binding classes of `apiContract` → async-api; `grpc.*` →
 * grpc-api; `http.*` → http-api; `agent.*`, `a2a.*` → agent; `mcp.*` → mcp; any other `apiContract.*`,
 * `core.*`, `shapes.*`, `security.*`, `doc.*` → rest-api. Unknown classes give no scope.
 */
export function targetScopesOf(targetClasses: string[]): TargetScope[] {
  const found = new Set<TargetScope>();
  for (const cls of targetClasses) {
    const scope = scopeOf(cls);
    if (scope) found.add(scope);
  }
  return TARGET_SCOPES.filter((s) => found.has(s));
}

const ASYNC_CLASSES = new Set([
  'apiContract.Message',
  'apiContract.MessageBinding',
  'apiContract.ChannelBinding',
  'apiContract.OperationBinding',
  'apiContract.ServerBinding',
  'apiContract.CorrelationId',
]);

export function scopeOf(targetClass: string): TargetScope | null {
  const prefix = targetClass.split('.')[0];
  if (prefix === 'async' || prefix === 'apiBinding' || ASYNC_CLASSES.has(targetClass)) return 'async-api';
  switch (prefix) {
    case 'grpc':
      return 'grpc-api';
    case 'http':
      return 'http-api';
    case 'agent':
    case 'a2a':
      return 'agent';
    case 'mcp':
      return 'mcp';
    case 'apiContract':
    case 'core':
    case 'shapes':
    case 'security':
    case 'doc':
      return 'rest-api';
    default:
      return null;
  }
}

function firstLine(text: string): string {
  return text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
}

function stringAt(map: YAMLMap, key: string): string | null {
  const value: unknown = map.get(key);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}
