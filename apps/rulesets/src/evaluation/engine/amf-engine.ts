/**
 * The AMF engines, as the evaluator's worker threads run them: `amf-client-js` parses a specification
 * (OpenAPI 2.0, 3.0 and 3.1, AsyncAPI 2.0 to 2.6, RAML 1.0) into the AMF model and renders it as JSON-LD with source maps;
 * `@aml-org/amf-custom-validator` validates that model against a validation profile. Nothing here
 * interprets a rule: the report is the validator's, only reshaped. Loaded on first use only (the main
 * thread never requires this file's engines; see evaluator.pool.ts).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import { SPECIFICATION_FORMATS } from '@pc/contracts';
import type * as Amf from 'amf-client-js';

/** Files are served to the parser under this root; results name files relative to it. */
export const SPEC_ROOT = 'file:///api/';

export interface EngineFinding {
  severity: 'violation' | 'warning' | 'info';
  message: string;
  file: string | null;
  line: number | null;
  column: number | null;
}

export interface EngineResult {
  rule: string;
  severity: 'violation' | 'warning' | 'info';
  message: string;
  file: string | null;
  line: number | null;
  column: number | null;
  /** The JSON pointer of the element in its file (see source-pointers.ts); null without a location. */
  pointer: string | null;
  modelPath: string | null;
}

export type ParseOutcome =
  { ok: true; format: string; model: string } | { ok: false; findings: EngineFinding[] };

export type ValidateOutcome =
  | { ok: true; conforms: boolean; results: Array<Omit<EngineResult, 'pointer'>> }
  | { ok: false; problem: string };

type ValidatorModule = {
  exit(): void;
  initialize(cb: (err?: Error) => void): void;
  validate(profile: string, data: string, debug: boolean, cb: (report: string, err?: Error) => void): void;
  generateRego(profile: string, cb: (rego: string, err?: Error) => void): void;
};

let amf: typeof Amf | undefined;
let validator: Promise<ValidatorModule> | undefined;

async function amfLib(): Promise<typeof Amf> {
  amf ??= await import('amf-client-js');
  return amf;
}

const VALIDATOR = '@aml-org/amf-custom-validator';

/**
 * The validator inflates its WebAssembly (5.7 MB gzipped, 25 MB inflated) with `pako`, in JavaScript, at
 * each start of its runtime: about 0.55 s of CPU per evaluator thread started, and again after each panic.
 * Node's zlib inflates the same bytes in about 0.13 s, so the validator's own `pako` (resolved from the
 * validator's folder: the module instance it requires) inflates with zlib before the validator loads.
 */
function inflateWithZlib(): void {
  const pako = createRequire(require.resolve(VALIDATOR))('pako') as {
    ungzip: (data: Uint8Array) => Uint8Array;
  };
  pako.ungzip = (data) => zlib.gunzipSync(data);
}

function validatorLib(): Promise<ValidatorModule> {
  if (!validator) inflateWithZlib();
  validator ??= import(VALIDATOR).then(
    (module) =>
      new Promise<ValidatorModule>((resolve, reject) => {
        watchRuntimes();
        const lib = module as unknown as ValidatorModule;
        lib.initialize((err) => (err ? reject(err) : resolve(lib)));
      }),
  );
  return validator;
}

/**
 * Stops the validator's Go runtime (it keeps the event loop alive); it is loaded again on next use. One
 * that stopped on its own (a panic) has nothing left to stop: asked to, it throws.
 */
export async function shutdown(): Promise<void> {
  if (!validator) return;
  const lib = await validator;
  validator = undefined;
  shutdowns += 1;
  if (!stopped) lib.exit();
}

/**
 * A call into the validator's runtime. One that throws (a write of the runtime failing under it, say)
 * leaves the runtime in an unknown state, unwound in the middle of its work: it is taken as stopped.
 */
function inRuntime<T>(
  call: (done: (value: T | undefined, err?: Error) => void) => void,
): Promise<T | undefined> {
  return new Promise((resolve, reject) => {
    try {
      call((value, err) => (err ? reject(err) : resolve(value)));
    } catch (error) {
      stopped = true;
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

/** What is used here of a Go runtime (the `Go` class of the validator's `lib/wasm_exec.js`). */
interface GoRuntime {
  /** Called by the runtime as it exits (a panic exits it), with its exit code. */
  exit: (code: number) => void;
  /** The timer events the Go scheduler asked for: each resumes the program when it fires. */
  _scheduledTimeouts: Map<number, ReturnType<typeof setTimeout>>;
}

/** Whether the validator's Go runtime in this thread (the library runs one) exited on its own or broke. */
let stopped = false;
/** Counts the runtimes `shutdown` stopped: their exit is no stop. */
let shutdowns = 0;
let watching = false;

/**
 * Wraps the `Go` class that the validator's `wasm_exec.js` put on globalThis (before the validator
 * instantiates it), to learn when the runtime exits and to cancel then the timer events it had scheduled.
 * `wasm_exec.js` leaves them set: each would resume a program that is gone and throw 'Go program has
 * already exited', uncaught, from a timer, killing the thread in the middle of whatever task it ran then
 * (the panicking task itself, before its answer is out).
 */
function watchRuntimes(): void {
  if (watching) return;
  watching = true;
  const scope = globalThis as unknown as { Go: new () => GoRuntime; fs: typeof fs };
  scope.fs = Object.assign(Object.create(scope.fs) as typeof fs, { writeSync: runtimeWrite });
  scope.Go = class WatchedGo extends scope.Go {
    constructor() {
      super();
      stopped = false;
      const generation = shutdowns;
      const exit = this.exit;
      this.exit = (code: number) => {
        for (const timeout of this._scheduledTimeouts.values()) clearTimeout(timeout);
        this._scheduledTimeouts.clear();
        if (generation === shutdowns) stopped = true;
        exit(code);
      };
    }
  };
}

/** What the runtime wrote of its own (a panic's message and stack trace), kept up to this many characters. */
const RUNTIME_OUTPUT_KEPT = 4096;
let runtimeOutput = '';

/**
 * How the runtime writes its own output (a panic's message and stack traces: `fs.writeSync` on stdout
 * or stderr in `wasm_exec.js`): kept here, bounded, instead of reaching the service's streams, for the
 * thread's answer to carry when its runtime stopped (the pool logs it as one line). The service's output
 * stays JSON lines: a profile that makes the engine panic, which anyone may submit, printed a Go stack
 * trace of dozens of raw lines there. A write never fails: a direct write to a non-blocking pipe that is
 * full fails with EAGAIN, and that error, thrown in the middle of a panic, would leave the runtime
 * half-unwound and not even exited.
 */
function runtimeWrite(fd: number, data: Uint8Array): number {
  if (fd !== 1 && fd !== 2) return fs.writeSync(fd, data);
  if (runtimeOutput.length < RUNTIME_OUTPUT_KEPT)
    runtimeOutput += Buffer.from(data)
      .toString('utf8')
      .slice(0, RUNTIME_OUTPUT_KEPT - runtimeOutput.length);
  return data.length;
}

/** What the runtime wrote since the last call (see `runtimeWrite`), and forgets it. */
export function takeRuntimeOutput(): string {
  const output = runtimeOutput;
  runtimeOutput = '';
  return output;
}

/** Loads both engines (a worker calls it at start so that the first evaluation does not pay for it). */
export async function warmUp(): Promise<void> {
  await amfLib();
  await validatorLib();
}

/**
 * Parses `files[main]` (references between the files resolved relatively) and renders the model the
 * validator reads. Unsupported or broken specifications give the parser's findings with locations.
 */
export async function parseSpecification(files: Record<string, string>, main: string): Promise<ParseOutcome> {
  const lib = await amfLib();
  const loader: Amf.ResourceLoader = lib.ResourceLoaderFactory.create({
    accepts: (url: string) => url.startsWith(SPEC_ROOT),
    fetch: (url: string) => {
      const name = decodeURI(url.slice(SPEC_ROOT.length).split('#')[0]);
      // Own files only: a reference to `constructor` or `toString` must not reach Object's prototype.
      const text = Object.hasOwn(files, name) ? files[name] : undefined;
      if (text === undefined) return Promise.reject(new Error(`${name} is not a file of the specification`));
      return Promise.resolve(new lib.Content(text, url));
    },
  }) as Amf.ResourceLoader;
  const render = () =>
    new lib.RenderOptions().withSourceMaps().withSourceInformation().withCompactUris().withoutPrettyPrint();
  let parsed: Amf.AMFParseResult;
  try {
    parsed = await lib.APIConfiguration.API()
      .withResourceLoaders([loader])
      .baseUnitClient()
      .parse(SPEC_ROOT + main);
  } catch (error) {
    return {
      ok: false,
      findings: [{ severity: 'violation', message: refusal(error), file: main, line: null, column: null }],
    };
  }
  const findings = parsed.results.filter((r) => r.severityLevel === 'Violation').map((r) => finding(r));
  const format = parsed.sourceSpec?.id;
  if (findings.length > 0) return { ok: false, findings };
  if (!parsed.baseUnit || !format || !SUPPORTED.has(format)) {
    return {
      ok: false,
      findings: [
        { severity: 'violation', message: unsupported(files[main]), file: main, line: null, column: null },
      ],
    };
  }
  try {
    const client = lib.APIConfiguration.fromSpec(parsed.sourceSpec)
      .withResourceLoaders([loader])
      .withRenderOptions(render())
      .baseUnitClient();
    const transformed = client.transform(parsed.baseUnit, lib.PipelineId.Editing);
    return { ok: true, format, model: client.render(transformed.baseUnit, 'application/ld+json') };
  } catch (error) {
    return {
      ok: false,
      findings: [{ severity: 'violation', message: refusal(error), file: main, line: null, column: null }],
    };
  }
}

/**
 * The source specs the parser reads into the API model the profiles validate. What else it recognises
 * (RAML 0.8, AML dialects, JSON-LD graphs) is refused as unsupported; it does not read AsyncAPI 3 (such
 * a document comes back as an unrecognised 'AMF Graph'), which is refused naming its version.
 */
const SUPPORTED = new Set<string>(SPECIFICATION_FORMATS);
const FORMATS = 'OpenAPI 2.0, 3.0 or 3.1, AsyncAPI 2.0 to 2.6, RAML 1.0 (JSON or YAML)';
const UNSUPPORTED = `Not an API specification the engine evaluates here: ${FORMATS}`;

/** The version a document declares at its top (`openapi:`, `swagger:`, `asyncapi:`, `#%RAML`), read loosely. */
const DECLARED = [
  { name: 'OpenAPI', pattern: /^\s*"?(?:openapi|swagger)"?\s*:\s*["']?([\w.-]+)/m },
  { name: 'AsyncAPI', pattern: /^\s*"?asyncapi"?\s*:\s*["']?([\w.-]+)/m },
  { name: 'RAML', pattern: /^#%RAML\s+([\w.-]+)/ },
];

/**
 * The refusal of a document the engine does not evaluate, naming the version it declares when it declares
 * one (the Spectral engine refuses in the same words).
 */
export function unsupported(text: string | undefined): string {
  for (const { name, pattern } of DECLARED) {
    const version = text === undefined ? undefined : pattern.exec(text)?.[1];
    if (version) return `${name} ${version} is not a version the engine evaluates here: ${FORMATS}`;
  }
  return UNSUPPORTED;
}

/** Validates a rendered model against a profile: the validator's results, with file, line and model path. */
export async function validateModel(profile: string, model: string): Promise<ValidateOutcome> {
  const lib = await validatorLib();
  // The runtime stopped on an earlier profile of the same task: calling it would throw.
  if (stopped) return { ok: false, problem: 'not run: the validation engine stopped on an earlier profile' };
  const text = await inRuntime<string>((done) => lib.validate(profile, model, false, done));
  if (typeof text !== 'string') return { ok: false, problem: engineStopped() };
  let report: ValidationReportNode;
  try {
    report = (JSON.parse(text) as Array<{ 'doc:encodes': ValidationReportNode[] }>)[0]['doc:encodes'][0];
  } catch {
    return { ok: false, problem: text.trim().slice(0, 4000) };
  }
  const graph = new ModelGraph(model);
  const results = (report.result ?? []).map((r) => ({
    rule: r.sourceShapeName,
    severity: severityOf(r.resultSeverity),
    message: r.resultMessage ?? '',
    file: graph.fileOf(r.focusNode),
    line: r.location?.range?.start ? r.location.range.start.line : null,
    column: r.location?.range?.start ? r.location.range.start.column + 1 : null,
    modelPath: graph.pathOf(r.focusNode),
  }));
  return { ok: true, conforms: report.conforms === true, results };
}

/**
 * What the engine says about a profile itself: its own refusal (YAML, compilation of the generated
 * Rego), and validations that compile to no check at all (an unknown constraint name, for one).
 */
export async function checkProfile(profile: string): Promise<{ problems: string[]; silentRules: string[] }> {
  const lib = await validatorLib();
  const rego = await inRuntime<string>((done) => lib.generateRego(profile, done));
  if (typeof rego !== 'string') return { problems: [engineStopped()], silentRules: [] };
  const problems: string[] = [];
  if (!/^package /m.test(rego)) problems.push(rego.trim());
  else {
    const outcome = await validateModel(profile, EMPTY_MODEL);
    if (!outcome.ok) problems.push(outcome.problem);
  }
  const silentRules: string[] = [];
  if (/^package /m.test(rego)) {
    for (const name of ruleNamesOf(profile)) {
      if (!rego.includes(`error("${name}",`)) silentRules.push(name);
    }
  }
  return { problems, silentRules };
}

/**
 * The smallest model the validator reads (an empty document): checking a profile compiles and runs it
 * without loading the parser.
 */
const EMPTY_MODEL = JSON.stringify({
  '@graph': [
    { '@id': '', '@type': ['doc:Document', 'doc:Fragment', 'doc:Module', 'doc:Unit'], 'doc:root': true },
  ],
  '@context': { '@base': 'amf://id', doc: 'http://a.ml/vocabularies/document#' },
});

/**
 * The validator's Go runtime answers nothing when it panics on a profile (an unknown vocabulary term
 * that slipped past profile-terms.ts, say): it has exited, and it cannot be started again in this
 * thread. The thread retires (see evaluation.worker.ts) and the pool replaces it.
 */
function engineStopped(): string {
  return 'the validation engine stopped on this profile (a term it does not know?)';
}

/** Whether the validator's Go runtime in this thread exited (other than by `shutdown`) or broke: it runs nothing more. */
export function hasStopped(): boolean {
  return stopped;
}

/** The validation names of a profile's severity lists, read loosely (the profile already passed YAML). */
function ruleNamesOf(profile: string): string[] {
  const names = new Set<string>();
  const block = /^validations:\s*$([\s\S]*)/m.exec(profile)?.[1] ?? '';
  for (const m of block.matchAll(/^ {2}([^\s#:][^:]*):\s*$/gm))
    names.add(m[1].trim().replace(/^["']|["']$/g, ''));
  return [...names];
}

interface ValidationReportNode {
  conforms?: boolean;
  result?: Array<{
    sourceShapeName: string;
    resultSeverity: string;
    resultMessage?: string;
    focusNode: string;
    location?: { uri?: string; range?: { start?: { line: number; column: number } } };
  }>;
}

function severityOf(iri: string): EngineResult['severity'] {
  if (iri.endsWith('#Warning')) return 'warning';
  if (iri.endsWith('#Info')) return 'info';
  return 'violation';
}

function finding(r: Amf.AMFValidationResult): EngineFinding {
  const start = r.position?.start;
  const hasPosition = start !== undefined && !(start.line === 0 && start.column === 0);
  return {
    severity: r.severityLevel === 'Warning' ? 'warning' : r.severityLevel === 'Info' ? 'info' : 'violation',
    message: ENGINE_EXCEPTION.test(r.message) ? ENGINE_FAILED : r.message.replace(/^Error: /, ''),
    file: fileName(r.location ?? null),
    line: hasPosition ? start.line : null,
    column: hasPosition ? start.column + 1 : null,
  };
}

function fileName(location: string | null): string | null {
  if (!location) return null;
  return location.startsWith(SPEC_ROOT) ? decodeURI(location.slice(SPEC_ROOT.length)) : location;
}

/**
 * A JavaScript exception inside the engine (its compiled code's names, as "TypeError: a.Fa is not a
 * function") says nothing to the author of the document: reported as the engine failing at that place.
 */
const ENGINE_EXCEPTION = /^(TypeError|ReferenceError|RangeError|InternalError): |is not a function\b/;
const ENGINE_FAILED =
  'The engine failed on this part of the document (an error of its own, not a finding); check the references and names used here';

function refusal(error: unknown): string {
  if (error instanceof TypeError || error instanceof ReferenceError || error instanceof RangeError)
    return ENGINE_FAILED;
  const text =
    error instanceof Error
      ? error.message
      : String((error as { toString?: () => string })?.toString?.() ?? error);
  if (ENGINE_EXCEPTION.test(text)) return ENGINE_FAILED;
  if (/Cannot find any registered syntax plugin|not supported by APIConfiguration/.test(text))
    return UNSUPPORTED;
  return text.replace(SPEC_ROOT, '').slice(0, 2000);
}

type GraphNode = Record<string, unknown> & { '@id': string };

/** The rendered model, indexed for the report: which file an element comes from and its path from the API. */
class ModelGraph {
  private readonly nodes = new Map<string, GraphNode>();
  private readonly parent = new Map<string, { id: string; property: string }>();
  private readonly files = new Map<string, string>();
  private readonly root: string | null;

  constructor(model: string) {
    let graph: GraphNode[] = [];
    try {
      const parsed = JSON.parse(model) as unknown;
      const doc = Array.isArray(parsed)
        ? (parsed[0] as Record<string, unknown>)
        : (parsed as Record<string, unknown>);
      graph = (doc['@graph'] as GraphNode[] | undefined) ?? [];
    } catch {
      graph = [];
    }
    let rootFile: string | null = null;
    for (const node of graph) {
      this.nodes.set(node['@id'], node);
      const rootLocation = node['doc:rootLocation'];
      if (typeof rootLocation === 'string') rootFile = fileName(rootLocation);
      const location = node['doc:location'];
      if (typeof location === 'string') {
        for (const el of asArray(node['doc:elements']))
          this.files.set(idOf(el), fileName(location) ?? location);
      }
    }
    this.root = rootFile;
    for (const node of graph) {
      for (const [key, value] of Object.entries(node)) {
        if (key.startsWith('@') || key.startsWith('sourcemaps:') || key.startsWith('doc:')) continue;
        for (const child of asArray(value)) {
          const id = idOf(child);
          if (id && !this.parent.has(id)) this.parent.set(id, { id: node['@id'], property: key });
        }
      }
    }
  }

  fileOf(id: string): string | null {
    let current: string | undefined = this.key(id);
    for (let depth = 0; current && depth < 64; depth += 1) {
      const file = this.files.get(current);
      if (file) return file;
      current = this.parent.get(current)?.id;
    }
    return this.root;
  }

  pathOf(id: string): string | null {
    const steps: string[] = [];
    let current: string | undefined = this.key(id);
    for (let depth = 0; current && depth < 64; depth += 1) {
      const link = this.parent.get(current);
      if (!link) break;
      const property = link.property.replace(/^[A-Za-z]+:/, '');
      const label = labelOf(this.nodes.get(current));
      steps.unshift(label ? `${property}[${label}]` : property);
      current = link.id;
    }
    return steps.length > 0 ? `/${steps.join('/')}` : null;
  }

  /** Focus nodes arrive absolute (`amf://id#7`); the graph holds them relative (`#7`). */
  private key(id: string): string {
    if (this.nodes.has(id)) return id;
    const hash = id.indexOf('#');
    return hash >= 0 ? id.slice(hash) : id;
  }
}

const LABELS = [
  'apiContract:path',
  'apiContract:method',
  'apiContract:statusCode',
  'core:name',
  'apiContract:paramName',
  'core:mediaType',
];

function labelOf(node: GraphNode | undefined): string | null {
  if (!node) return null;
  for (const key of LABELS) {
    const value = node[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  return null;
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
}

function idOf(value: unknown): string {
  return typeof value === 'object' &&
    value !== null &&
    typeof (value as { '@id'?: unknown })['@id'] === 'string'
    ? (value as { '@id': string })['@id']
    : '';
}
