/**
 * The Spectral engine, as the evaluator's worker threads run it (`@stoplight/spectral-core` with the
 * parsers of `@stoplight/spectral-parsers` and the built-in rulesets of `@stoplight/spectral-rulesets`).
 * A ruleset arrives as the text its author wrote (YAML or JSON, the names of built-in functions,
 * formats and rulesets as strings); it is turned into the library's definition here, each name bound to
 * the library's own object: nothing of the author's is ever run as code (validation refuses custom
 * functions; whatever reaches here naming one is refused again). `$ref`s resolve only between the
 * specification's own files: the resolver has no scheme that reaches the network or the disk. Loaded
 * on first use only (the main thread never requires this file).
 */
import { posix } from 'node:path';
import type * as Core from '@stoplight/spectral-core';
import type { RulesetDefinition } from '@stoplight/spectral-core';
import { SPECIFICATION_FORMATS } from '@pc/contracts';
import {
  BUILT_IN_FORMATS,
  BUILT_IN_FUNCTIONS,
  CATALOG_EXTENDS,
  MAX_CATALOG_DEPTH,
} from '../../common/spectral-vocabulary';
import { type EngineFinding, type EngineResult, unsupported } from './amf-engine';
import { fragment } from './source-pointers';
import { indexedJson, indexedYaml } from './spectral-locations';

/** A Spectral ruleset's text and its file name (YAML unless it ends in `.json`). */
export interface SpectralSource {
  file: string;
  text: string;
}

/** A ruleset to run, with the catalog rulesets its `extends` name (by id), already read by the service. */
export interface SpectralRun {
  ruleset: SpectralSource;
  catalog: Record<string, SpectralSource>;
}

/** A rule in effect: its name, severity and description. */
export interface SpectralRuleInfo {
  name: string;
  severity: 'violation' | 'warning' | 'info';
  description: string | null;
}

/** A problem the engine found in a ruleset, named by the JSON path of what it is about. */
export interface SpectralProblem {
  path: Array<string | number>;
  message: string;
}

export type SpectralOutcome =
  | { ok: false; findings: EngineFinding[] }
  | {
      ok: true;
      format: string;
      reports: Array<
        | { ok: true; conforms: boolean; results: Array<Omit<EngineResult, 'pointer'> & { pointer: string }> }
        | { ok: false; problem: string }
      >;
    };

/** Files are given to the library under this root; results name files relative to it. */
const ROOT = '/api/';

interface Libraries {
  core: typeof Core;
  parsers: typeof import('@stoplight/spectral-parsers');
  rulesets: typeof import('@stoplight/spectral-rulesets');
  functions: typeof import('@stoplight/spectral-functions');
  formats: typeof import('@stoplight/spectral-formats');
  resolver: typeof import('@stoplight/spectral-ref-resolver');
}

let libraries: Libraries | undefined;

async function libs(): Promise<Libraries> {
  libraries ??= {
    core: await import('@stoplight/spectral-core'),
    parsers: await import('@stoplight/spectral-parsers'),
    rulesets: await import('@stoplight/spectral-rulesets'),
    functions: await import('@stoplight/spectral-functions'),
    formats: await import('@stoplight/spectral-formats'),
    resolver: await import('@stoplight/spectral-ref-resolver'),
  };
  return libraries;
}

/** A refusal of a ruleset, with the JSON path of what is refused. */
class RulesetRefused extends Error {
  constructor(
    readonly path: Array<string | number>,
    message: string,
  ) {
    super(message);
  }
}

function parseText(lib: Libraries, source: SpectralSource): unknown {
  const parser = /\.json$/i.test(source.file) ? lib.parsers.Json : lib.parsers.Yaml;
  const parsed = parser.parse(source.text);
  const error = parsed.diagnostics.find((d) => Number(d.severity) === 0);
  if (error) throw new RulesetRefused([], `${source.file} does not parse: ${error.message}`);
  return parsed.data;
}

/**
 * The library's definition of a ruleset written as text: built-in functions, formats and rulesets bound
 * by name, catalog rulesets (`catalog:<id>`) from `catalog`, at most MAX_CATALOG_DEPTH deep, no cycles.
 */
function definitionOf(
  lib: Libraries,
  source: SpectralSource,
  catalog: Record<string, SpectralSource>,
  chain: string[] = [],
): RulesetDefinition {
  const data = parseText(lib, source);
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new RulesetRefused([], 'a Spectral ruleset must be a mapping');
  }
  const raw = data as Record<string, unknown>;
  for (const key of ['functions', 'functionsDir']) {
    if (key in raw) throw new RulesetRefused([key], `${key}: custom functions are never run here`);
  }
  const definition: Record<string, unknown> = { ...raw };
  if ('extends' in raw) definition.extends = extendsOf(lib, raw.extends, catalog, chain);
  if ('formats' in raw) definition.formats = formatsOf(lib, raw.formats, ['formats']);
  if ('rules' in raw) definition.rules = rulesOf(lib, raw.rules, ['rules']);
  if (Array.isArray(raw.overrides)) {
    definition.overrides = raw.overrides.map((o: unknown, i: number) => {
      if (typeof o !== 'object' || o === null) return o;
      const override: Record<string, unknown> = { ...(o as Record<string, unknown>) };
      if ('extends' in override) override.extends = extendsOf(lib, override.extends, catalog, chain);
      if ('formats' in override) override.formats = formatsOf(lib, override.formats, ['overrides', i]);
      if ('rules' in override) override.rules = rulesOf(lib, override.rules, ['overrides', i, 'rules']);
      return override;
    });
  }
  return definition as RulesetDefinition;
}

function extendsOf(
  lib: Libraries,
  value: unknown,
  catalog: Record<string, SpectralSource>,
  chain: string[],
): unknown {
  const one = (name: unknown, i: number | null): unknown => {
    const path = i === null ? ['extends'] : ['extends', i];
    if (name === 'spectral:oas') return lib.rulesets.oas;
    if (name === 'spectral:asyncapi') return lib.rulesets.asyncapi;
    const id = typeof name === 'string' ? CATALOG_EXTENDS.exec(name)?.[1]?.toLowerCase() : undefined;
    if (id === undefined) {
      throw new RulesetRefused(path, `extends ${String(name)}: only built-in and catalog rulesets`);
    }
    if (chain.includes(id)) throw new RulesetRefused(path, `extends ${String(name)}: a cycle`);
    if (chain.length >= MAX_CATALOG_DEPTH) {
      throw new RulesetRefused(path, `extends ${String(name)}: deeper than ${MAX_CATALOG_DEPTH} rulesets`);
    }
    const source = catalog[id];
    if (!source)
      throw new RulesetRefused(path, `extends ${String(name)}: not a ruleset this evaluation read`);
    return definitionOf(lib, source, catalog, [...chain, id]);
  };
  if (!Array.isArray(value)) return one(value, null);
  return value.map((entry: unknown, i) =>
    Array.isArray(entry) ? [one(entry[0], i), entry[1]] : one(entry, i),
  );
}

function formatsOf(lib: Libraries, value: unknown, path: Array<string | number>): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((name: unknown, i) => {
    if (typeof name !== 'string' || !(BUILT_IN_FORMATS as readonly string[]).includes(name)) {
      throw new RulesetRefused([...path, i], `format ${String(name)} is not one Spectral knows`);
    }
    return (lib.formats as unknown as Record<string, unknown>)[name];
  });
}

function rulesOf(lib: Libraries, value: unknown, path: Array<string | number>): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const rules: Record<string, unknown> = {};
  for (const [name, rule] of Object.entries(value as Record<string, unknown>)) {
    if (typeof rule !== 'object' || rule === null || Array.isArray(rule)) {
      rules[name] = rule;
      continue;
    }
    const next: Record<string, unknown> = { ...(rule as Record<string, unknown>) };
    if ('formats' in next) next.formats = formatsOf(lib, next.formats, [...path, name, 'formats']);
    const then = next.then;
    const bind = (step: unknown, where: Array<string | number>): unknown => {
      if (typeof step !== 'object' || step === null) return step;
      const fn = (step as Record<string, unknown>).function;
      if (typeof fn !== 'string' || !(BUILT_IN_FUNCTIONS as readonly string[]).includes(fn)) {
        throw new RulesetRefused(
          [...where, 'function'],
          `rule ${name} calls ${String(fn)}, not a built-in function`,
        );
      }
      return {
        ...(step as Record<string, unknown>),
        function: lib.functions[fn as keyof typeof lib.functions],
      };
    };
    next.then = Array.isArray(then)
      ? then.map((step, i) => bind(step, [...path, name, 'then', i]))
      : bind(then, [...path, name, 'then']);
    rules[name] = next;
  }
  return rules;
}

function rulesetOf(lib: Libraries, run: SpectralRun): Core.Ruleset {
  const definition = definitionOf(lib, run.ruleset, run.catalog);
  return new lib.core.Ruleset(definition, {
    severity: 'recommended',
    source: `/ruleset/${run.ruleset.file}`,
  });
}

/** What the thrown problem of the library says, with the JSON path it names when it names one. */
function problemsOf(error: unknown): SpectralProblem[] {
  if (error instanceof RulesetRefused) return [{ path: error.path, message: error.message }];
  const many = (error as { errors?: unknown[] }).errors;
  if (Array.isArray(many) && many.length > 0) return many.flatMap(problemsOf);
  const path = (error as { path?: unknown }).path;
  return [
    {
      path: Array.isArray(path) ? (path as Array<string | number>) : [],
      message: error instanceof Error ? error.message : String(error),
    },
  ];
}

const SEVERITY = ['violation', 'warning', 'info', 'info'] as const;

/**
 * Submission validation's question: does the engine accept the ruleset? Its schema (the library's own
 * validator), the ruleset built with its `extends`, each of its own rules' `given` paths compiled (by
 * running it on a one-member document: an empty one runs no rule), and the rules then in effect with their severities.
 */
export async function checkSpectral(
  run: SpectralRun,
): Promise<{ problems: SpectralProblem[]; rules: SpectralRuleInfo[] }> {
  const lib = await libs();
  let ruleset: Core.Ruleset;
  try {
    const data = parseText(lib, run.ruleset);
    const assertValid: (value: unknown, format: 'json') => void = lib.core.assertValidRuleset;
    assertValid(data, 'json');
    ruleset = rulesetOf(lib, run);
  } catch (error) {
    return { problems: problemsOf(error), rules: [] };
  }
  const problems: SpectralProblem[] = [];
  const own = ownRuleNames(run.ruleset, lib);
  for (const name of own) {
    const rule = ruleset.rules[name];
    if (!rule) continue;
    const spectral = new lib.core.Spectral({ resolver: closedResolver(lib, {}) });
    const single = new lib.core.Ruleset({ rules: { [name]: { ...rule.definition, severity: 0 } } });
    spectral.setRuleset(single);
    try {
      await spectral.run(new lib.core.Document('{"a": 1}', lib.parsers.Json, '/api/empty.json'), {
        ignoreUnknownFormat: true,
      });
    } catch (error) {
      problems.push({
        path: ['rules', name, 'given'],
        message: `rule "${name}": its given path does not compile (${errorText(error)})`,
      });
    }
  }
  const rules = Object.values(ruleset.rules)
    .filter((rule) => rule.enabled)
    .map((rule) => ({
      name: rule.name,
      severity: SEVERITY[Math.max(0, rule.severity)] ?? 'info',
      description: rule.description ?? rule.message ?? null,
    }));
  return { problems, rules };
}

/**
 * Evaluates one specification (its files, the main one first) against each ruleset. A document that does
 * not parse is `ok: false` with the parser's findings; a ruleset the engine refuses is that ruleset's
 * `ok: false`. Results carry the file, 1-based line and column, and the JSON pointer of the element.
 */
export async function evaluateSpectral(
  files: Record<string, string>,
  main: string,
  runs: SpectralRun[],
): Promise<SpectralOutcome> {
  const lib = await libs();
  const read = readDocument(lib, files, main);
  if (!read.ok) return read;
  const { document, format } = read;
  const reports: Extract<SpectralOutcome, { ok: true }>['reports'] = [];
  for (const run of runs) {
    let ruleset: Core.Ruleset;
    try {
      ruleset = rulesetOf(lib, run);
    } catch (error) {
      reports.push({
        ok: false,
        problem: problemsOf(error)
          .map((p) => p.message)
          .join('; '),
      });
      continue;
    }
    const spectral = new lib.core.Spectral({ resolver: closedResolver(lib, files) });
    spectral.setRuleset(ruleset);
    let diagnostics: Core.ISpectralDiagnostic[];
    try {
      diagnostics = await spectral.run(document, { ignoreUnknownFormat: true });
    } catch (error) {
      // A file it references, read as the rules run, nested too deep for the parser.
      if (error instanceof RangeError) return refused(TOO_DEEP, main);
      reports.push({ ok: false, problem: errorText(error) });
      continue;
    }
    const results = diagnostics.map((d) => ({
      rule: String(d.code),
      severity: SEVERITY[d.severity] ?? 'info',
      message: d.message,
      file: fileOf(d.source, main),
      line: d.range.start.line + 1,
      column: d.range.start.character + 1,
      pointer: `#${d.path.map((step) => `/${fragment(String(step))}`).join('')}`,
      modelPath: null,
    }));
    reports.push({ ok: true, conforms: !results.some((r) => r.severity === 'violation'), results });
  }
  return { ok: true, format, reports };
}

/**
 * Parses a specification as its evaluation with Spectral rulesets does, and runs no rule: its format, or
 * the findings of a document that does not parse, is no API description it evaluates, or nests too deep.
 */
export async function parseSpectral(
  files: Record<string, string>,
  main: string,
): Promise<{ ok: true; format: string } | Extract<SpectralOutcome, { ok: false }>> {
  const read = readDocument(await libs(), files, main);
  return read.ok ? { ok: true, format: read.format } : read;
}

/** The specification's main file parsed (see `documentOf`) and its format, or why it is not evaluated. */
function readDocument(
  lib: Libraries,
  files: Record<string, string>,
  main: string,
):
  | { ok: true; document: ReturnType<typeof documentOf>; format: string }
  | Extract<SpectralOutcome, { ok: false }> {
  let document: ReturnType<typeof documentOf>;
  try {
    document = documentOf(lib, files, main);
  } catch (error) {
    // The parser recurses once per level: nested some thousands deep, it overflows the thread's stack.
    if (error instanceof RangeError) return refused(TOO_DEEP, main);
    throw error;
  }
  const broken = document.diagnostics.filter((d) => Number(d.severity) === 0);
  if (broken.length > 0) {
    return {
      ok: false,
      findings: broken.map((d) => ({
        severity: 'violation',
        message: d.message,
        file: main,
        line: d.range.start.line + 1,
        column: d.range.start.character + 1,
      })),
    };
  }
  // Spectral runs any document (its rules for other formats simply do not apply, and it conforms): a
  // document the AMF engine refuses is refused here too, in the same words.
  const format = formatOf(lib, document.data);
  if (!SUPPORTED.has(format)) return refused(refusalOf(files[main]), main);
  if (depthOf(document.data) >= MAX_DEPTH) return refused(TOO_DEEP, main);
  return { ok: true, document, format };
}

/**
 * The formats a Spectral ruleset evaluates: those of SPECIFICATION_FORMATS that Spectral's formats detect
 * (OpenAPI and AsyncAPI; not RAML, which its rulesets know nothing of).
 */
const SUPPORTED = new Set<string>(SPECIFICATION_FORMATS.filter((f) => !f.startsWith('RAML')));

/** The refusal of a document Spectral does not evaluate: the AMF engine's, but for RAML 1.0, which it does. */
function refusalOf(text: string | undefined): string {
  if (text !== undefined && /^#%RAML\s+1\.0\b/.test(text)) {
    return 'RAML 1.0 is evaluated with AMF profiles only: a Spectral ruleset evaluates OpenAPI 2.0, 3.0 or 3.1 and AsyncAPI 2.0 to 2.6 (JSON or YAML)';
  }
  return unsupported(text);
}

/**
 * The deepest nesting of collections evaluated (the root counted), the AMF parser's own limit: Spectral's
 * parser and its rules recurse once per level, and a deeper document would overflow the thread's stack.
 */
const MAX_DEPTH = 1000;
/** The AMF parser's words for it. */
const TOO_DEEP = `Reached maximum depth value of ${MAX_DEPTH}`;

/** How deeply the parsed document's collections nest (the root one is 1), counted without recursion. */
function depthOf(data: unknown): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[data, 1]];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    deepest = Math.max(deepest, depth);
    if (deepest >= MAX_DEPTH) return deepest;
    for (const child of Object.values(value)) stack.push([child, depth + 1]);
  }
  return deepest;
}

function refused(message: string, main: string): Extract<SpectralOutcome, { ok: false }> {
  return { ok: false, findings: [{ severity: 'violation', message, file: main, line: null, column: null }] };
}

let parsers: { yaml: ReturnType<typeof indexedYaml>; json: ReturnType<typeof indexedJson> } | undefined;

/**
 * The specification's main file, parsed, with the parsers of spectral-locations.ts: each finding located
 * at the same cost however many there are (the library's own lookup scans every key of each mapping on
 * the way, per finding).
 */
function documentOf(lib: Libraries, files: Record<string, string>, main: string) {
  parsers ??= { yaml: indexedYaml(lib.parsers.Yaml), json: indexedJson(lib.parsers.Json) };
  return /\.json$/i.test(main)
    ? new lib.core.Document(files[main], parsers.json, `${ROOT}${main}`)
    : new lib.core.Document(files[main], parsers.yaml, `${ROOT}${main}`);
}

/** The document's format in the report's words (`OAS 3.1`, `ASYNC 2.6`), as Spectral's formats detect it. */
function formatOf(lib: Libraries, data: unknown): string {
  const f = lib.formats;
  if (f.oas2(data, null)) return 'OAS 2.0';
  if (f.oas3_0(data, null)) return 'OAS 3.0';
  if (f.oas3_1(data, null)) return 'OAS 3.1';
  if (f.oas3(data, null)) return 'OAS 3.x';
  const asyncapi = (data as { asyncapi?: unknown } | null)?.asyncapi;
  if (typeof asyncapi === 'string') {
    const [major, minor] = asyncapi.split('.');
    return `ASYNC ${major}.${minor ?? '0'}`;
  }
  return 'unknown';
}

function fileOf(source: string | null | undefined, main: string): string {
  if (!source) return main;
  const path = source.replace(/^file:\/\//, '');
  return path.startsWith(ROOT) ? path.slice(ROOT.length) : main;
}

/**
 * A resolver that reads `$ref`s only from the specification's own files (relative paths inside its
 * root); a URL, or a path outside, stays unresolved (Spectral reports it as `invalid-ref`).
 */
function closedResolver(lib: Libraries, files: Record<string, string>) {
  const read = (uri: { path(): string }): Promise<string> => {
    const path = posix.normalize(decodeURIComponent(uri.path()));
    const name = path.startsWith(ROOT) ? path.slice(ROOT.length) : null;
    if (name === null || !Object.hasOwn(files, name)) {
      return Promise.reject(new Error(`${path} is not a file of the specification`));
    }
    return Promise.resolve(files[name]);
  };
  return new lib.resolver.Resolver({ resolvers: { file: { resolve: read } } });
}

/** The names of the rules the ruleset defines itself (a rule map, not a severity for an inherited one). */
function ownRuleNames(source: SpectralSource, lib: Libraries): string[] {
  const data = parseText(lib, source) as { rules?: Record<string, unknown> };
  return Object.entries(data.rules ?? {})
    .filter(([, rule]) => typeof rule === 'object' && rule !== null)
    .map(([name]) => name);
}

function errorText(error: unknown): string {
  const many = (error as { errors?: unknown[] }).errors;
  if (Array.isArray(many) && many.length > 0) return many.map(errorText).join('; ');
  return error instanceof Error ? error.message : String(error);
}
