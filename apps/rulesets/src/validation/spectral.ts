import { RULESET_LIMITS, TARGET_SCOPES, type TargetScope } from '@pc/contracts';
import { isMap, isScalar, isSeq, type Document, type LineCounter, type Node, parseDocument } from 'yaml';
import {
  BUILT_IN_FORMATS,
  BUILT_IN_FUNCTIONS,
  BUILT_IN_RULESETS,
  CATALOG_EXTENDS,
  SPECTRAL_FILE,
  SPECTRAL_SEVERITIES,
} from '../common/spectral-vocabulary';
import { looksLikeProfile } from './profile';
import { parsedDocument } from './yaml-document';

/** A catalog ruleset an `extends` names, and where. */
export interface CatalogExtends {
  id: string;
  line: number;
}

export interface SpectralAnalysis {
  errors: string[];
  warnings: string[];
  /** The ruleset's `description`, if any. */
  description: string | null;
  /** Rulesets of this catalog it extends (`catalog:<id>`), in order. */
  catalogExtends: CatalogExtends[];
  /** Whether it reads as a ruleset at all (a mapping with `rules`, `extends` or `overrides`). */
  readable: boolean;
  /** The parsed text with positions, to say where the engine's problems (JSON paths) are. */
  where: SpectralPositions | null;
  /** What it governs, from the rulesets it extends and the formats it names (OpenAPI, AsyncAPI). */
  targetScopes: TargetScope[];
  /** The rules it defines itself (not the severities it gives inherited ones), with their descriptions. */
  ownRules: Array<{ name: string; severity: 'violation' | 'warning' | 'info'; description: string | null }>;
}

/**
 * A Spectral ruleset by its name (`.spectral.yaml`, `.spectral.yml`, `.spectral.json`, `x.spectral.yaml`),
 * or, for a file named otherwise, a YAML/JSON mapping with top-level `rules` or `extends` that is not a
 * validation profile.
 */
export function looksLikeSpectral(path: string, text: string): boolean {
  if (SPECTRAL_FILE.test(path)) return true;
  if (looksLikeProfile(text)) return false;
  const doc = parseDocument(text, { strict: false });
  return doc.errors.length === 0 && isMap(doc.contents) && (doc.has('rules') || doc.has('extends'));
}

const NOT_CODE =
  'custom functions are code from the ruleset author and are never run here; use the built-in functions (' +
  `${BUILT_IN_FUNCTIONS.join(', ')})`;

/**
 * Reads a Spectral ruleset as written and reports every problem with where it is (`file:line[:column]`).
 * Errors: YAML/JSON that does not parse, not a mapping, custom functions (`functions:`, `functionsDir:`,
 * a `then.function` that is not built in: each named with its line, never run), an `extends` that is not
 * a built-in ruleset or a ruleset of this catalog (a URL, a file), a rule without `given` or `then`, a
 * severity or format Spectral does not know, more rules than a ruleset may have. The engine's own checks
 * (the ruleset's schema, the `given` paths compiled, the rules in effect) follow in the evaluator.
 */
export function analyseSpectral(file: string, text: string): SpectralAnalysis {
  const errors: string[] = [];
  const warnings: string[] = [];
  const result: SpectralAnalysis = {
    errors,
    warnings,
    description: null,
    catalogExtends: [],
    readable: false,
    where: null,
    targetScopes: [],
    ownRules: [],
  };
  const scopes = new Set<TargetScope>();
  const parsed = parsedDocument(file, text, errors, /\.json$/i.test(file) ? 'JSON' : 'YAML');
  if (!parsed) return result;
  const { doc, lines } = parsed;
  const where = new SpectralPositions(file, doc, lines);
  result.where = where;
  const at = (node: Node | null | undefined) => where.of(node);
  const root = doc.contents;
  if (!isMap(root)) {
    errors.push(`${file}:1: a Spectral ruleset must be a mapping`);
    return result;
  }
  if (!root.has('rules') && !root.has('extends') && !root.has('overrides')) {
    errors.push(`${at(root)}: a Spectral ruleset needs rules, extends or overrides`);
    return result;
  }
  result.readable = true;
  const description: unknown = root.get('description');
  result.description = typeof description === 'string' && description.trim() !== '' ? description : null;

  for (const key of ['functions', 'functionsDir'] as const) {
    const node = root.get(key, true) as Node | undefined;
    if (node === undefined) continue;
    if (key === 'functions' && isSeq(node)) {
      for (const item of node.items as Node[]) {
        const name = isScalar(item) ? String(item.value) : '?';
        errors.push(`${at(item)}: custom function "${name}" is refused: ${NOT_CODE}`);
      }
    } else {
      errors.push(`${at(node)}: ${key} is refused: ${NOT_CODE}`);
    }
  }

  checkExtends(root.get('extends', true), where, result);
  checkFormats(root.get('formats', true), where, errors);

  const rules = root.get('rules', true) as Node | undefined;
  if (rules !== undefined && !(isScalar(rules) && rules.value === null)) {
    if (!isMap(rules)) {
      errors.push(`${at(rules)}: rules must be a mapping of rule names to rules`);
    } else {
      if (rules.items.length > RULESET_LIMITS.profileRules.max) {
        errors.push(
          `${at(rules)}: the ruleset defines ${rules.items.length} rules; at most ${RULESET_LIMITS.profileRules.max}`,
        );
        return result;
      }
      for (const pair of rules.items) {
        const name = isScalar(pair.key) ? String(pair.key.value) : '';
        checkRule(name, pair.key as Node, pair.value as Node | null, where, result);
      }
    }
  }
  for (const override of seqItems(root.get('overrides', true))) {
    if (!isMap(override)) continue;
    checkExtends(override.get('extends', true), where, result);
    const overrideRules = override.get('rules', true) as Node | undefined;
    if (isMap(overrideRules)) {
      for (const pair of overrideRules.items) {
        const name = isScalar(pair.key) ? String(pair.key.value) : '';
        checkRule(name, pair.key as Node, pair.value as Node | null, where, result);
      }
    }
  }
  const named = JSON.stringify(doc.toJS());
  if (/spectral:oas|"oas[23]/.test(named)) scopes.add('rest-api');
  if (/spectral:asyncapi|"(asyncapi|aas)[23]/.test(named)) scopes.add('async-api');
  result.targetScopes = TARGET_SCOPES.filter((s) => scopes.has(s));
  if (!result.description) warnings.push(`${at(root)}: description is missing`);
  return result;
}

function checkExtends(node: Node | undefined, where: SpectralPositions, result: SpectralAnalysis): void {
  if (node === undefined) return;
  const entries = isSeq(node) ? (node.items as Node[]) : [node];
  for (const entry of entries) {
    // `[ruleset, severity]`: a ruleset and how much of it is on (off, recommended, all).
    const target = isSeq(entry) ? (entry.items[0] as Node | undefined) : entry;
    const name = isScalar(target) && typeof target.value === 'string' ? target.value : null;
    if (isSeq(entry)) {
      const severity = entry.items[1] as Node | undefined;
      const word = isScalar(severity) ? String(severity.value) : undefined;
      if (word !== undefined && !['off', 'recommended', 'all'].includes(word)) {
        result.errors.push(
          `${where.of(severity)}: extends ${name ?? ''} with "${word}": off, recommended or all`,
        );
      }
    }
    if (name !== null && (BUILT_IN_RULESETS as readonly string[]).includes(name)) continue;
    const catalog = name === null ? null : CATALOG_EXTENDS.exec(name);
    if (catalog) {
      result.catalogExtends.push({ id: catalog[1].toLowerCase(), line: where.line(target) });
      continue;
    }
    result.errors.push(
      `${where.of(target ?? entry)}: extends ${name === null ? 'something that is not a name' : `"${name}"`}: ` +
        `a ruleset extends only ${BUILT_IN_RULESETS.join(', ')} or a Spectral ruleset published in this catalog ` +
        `(catalog:<ruleset id>), never a URL or a file`,
    );
  }
}

function checkFormats(node: Node | undefined, where: SpectralPositions, errors: string[]): void {
  for (const item of seqItems(node)) {
    const name = isScalar(item) ? String(item.value) : '';
    if (!(BUILT_IN_FORMATS as readonly string[]).includes(name)) {
      errors.push(
        `${where.of(item)}: format "${name}" is not one Spectral knows (${BUILT_IN_FORMATS.join(', ')})`,
      );
    }
  }
}

function checkRule(
  name: string,
  key: Node,
  value: Node | null,
  where: SpectralPositions,
  result: SpectralAnalysis,
): void {
  const at = (node: Node | null | undefined) => where.of(node);
  if (name.trim() === '' || name.length > RULESET_LIMITS.ruleName.max) {
    result.errors.push(`${at(key)}: a rule name is 1 to ${RULESET_LIMITS.ruleName.max} characters`);
    return;
  }
  // A severity alone changes a rule the ruleset extends.
  if (isScalar(value)) {
    if (!validSeverity(value.value)) {
      result.errors.push(
        `${at(value)}: rule "${name}": severity ${String(value.value)} is not ${SEVERITY_WORDS}`,
      );
    }
    return;
  }
  if (!isMap(value)) {
    result.errors.push(`${at(key)}: rule "${name}" must be a severity or a rule (given, then)`);
    return;
  }
  const severity = value.get('severity', true) as Node | undefined;
  if (isScalar(severity) && !validSeverity(severity.value)) {
    result.errors.push(
      `${at(severity)}: rule "${name}": severity ${String(severity.value)} is not ${SEVERITY_WORDS}`,
    );
  }
  const given = value.get('given', true) as Node | undefined;
  const then = value.get('then', true) as Node | undefined;
  if (given === undefined)
    result.errors.push(`${at(key)}: rule "${name}" has no given (the JSON path it checks)`);
  else if (!(isScalar(given) && typeof given.value === 'string') && !isSeq(given)) {
    result.errors.push(`${at(given)}: rule "${name}": given must be a JSON path or a list of them`);
  }
  if (then === undefined) {
    result.errors.push(`${at(key)}: rule "${name}" has no then (the function it applies)`);
    return;
  }
  for (const step of isSeq(then) ? (then.items as Node[]) : [then]) {
    if (!isMap(step)) {
      result.errors.push(`${at(step)}: rule "${name}": each then is a mapping with a function`);
      continue;
    }
    const fn = step.get('function', true) as Node | undefined;
    const fnName = isScalar(fn) ? String(fn.value) : null;
    if (fnName === null) {
      result.errors.push(`${at(step)}: rule "${name}": then has no function`);
    } else if (!(BUILT_IN_FUNCTIONS as readonly string[]).includes(fnName)) {
      result.errors.push(
        `${at(fn)}: rule "${name}" calls custom function "${fnName}", which is refused: ${NOT_CODE}`,
      );
    }
  }
  checkFormats(value.get('formats', true), where, result.errors);
  const description: unknown = value.get('description');
  const word: unknown = severity === undefined ? 'warn' : (severity as { value?: unknown }).value;
  result.ownRules.push({
    name,
    severity: SEVERITY_OF[String(word)] ?? 'warning',
    description: typeof description === 'string' ? description : null,
  });
}

const SEVERITY_OF: Record<string, 'violation' | 'warning' | 'info'> = {
  error: 'violation',
  '0': 'violation',
  warn: 'warning',
  '1': 'warning',
  info: 'info',
  '2': 'info',
  hint: 'info',
  '3': 'info',
};

const SEVERITY_WORDS = `${SPECTRAL_SEVERITIES.join(', ')}, 0 to 3, true or false`;

function validSeverity(value: unknown): boolean {
  if (typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isInteger(value) && value >= -1 && value <= 3;
  return typeof value === 'string' && (SPECTRAL_SEVERITIES as readonly string[]).includes(value);
}

function seqItems(node: Node | undefined): Node[] {
  return isSeq(node) ? (node.items as Node[]) : [];
}

/** Where things are in a ruleset's text: a node's line, or the line of the deepest node on a JSON path. */
export class SpectralPositions {
  constructor(
    private readonly file: string,
    private readonly doc: Document,
    private readonly lines: LineCounter,
  ) {}

  line(node: Node | null | undefined): number {
    return node?.range ? this.lines.linePos(node.range[0]).line : 1;
  }

  of(node: Node | null | undefined): string {
    return `${this.file}:${this.line(node)}`;
  }

  /** `file:line` of the deepest node the path reaches (the engine names problems by path). */
  ofPath(path: ReadonlyArray<string | number>): string {
    for (let n = path.length; n >= 0; n -= 1) {
      const node = this.doc.getIn(path.slice(0, n), true) as Node | undefined;
      if (node && typeof node === 'object' && 'range' in node) return this.of(node);
    }
    return `${this.file}:1`;
  }
}
