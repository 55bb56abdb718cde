import os from 'node:os';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/** The parts of an OpenAPI 3.1 document the validator reads. */
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown> };
}

export interface OpenApiOperation {
  operationId?: string;
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: Record<string, unknown> }>;
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Record<string, unknown> }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
  security?: Array<Record<string, string[]>>;
  tags?: string[];
}

export interface MatchedOperation {
  method: string;
  template: string;
  operation: OpenApiOperation;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const DOC_ID = 'https://gateway.test/openapi.json';

/**
 * Checks responses against an OpenAPI 3.1 document (JSON Schema 2020-12, Ajv in strict mode): the status
 * must be one the operation lists, and the body must match its schema. Response objects are closed
 * (`additionalProperties: false` wherever the document leaves it open), so a field the document does not
 * describe is a mismatch too.
 */
export class OpenApiValidator {
  private readonly ajv: Ajv2020;
  private readonly routes: Array<{ method: string; template: string; pattern: RegExp; params: number }>;
  /**
   * Compiled schemas by their text: the document's 1,700 responses have about 110 distinct schemas (every
   * error answer the same one), and compiling each response's own copy was a file's largest CPU cost
   * (contract.e2e-spec: 15 s of its 55). The key is the schema as the document gives it, and what is
   * compiled is a function of that alone, so a shared function validates exactly as its own copy would.
   */
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly requestSchemas = new Map<string, ValidateFunction>();

  constructor(readonly document: OpenApiDocument) {
    this.ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
    addFormats(this.ajv);
    // OpenAPI's annotation keywords, which JSON Schema does not define.
    this.ajv.addVocabulary(['example', 'xml', 'externalDocs', 'discriminator']);
    const schemas = rewriteRefs(document.components?.schemas ?? {}) as Record<string, unknown>;
    this.ajv.addSchema({ $id: DOC_ID, $defs: closeObjects(schemas) });
    this.routes = Object.entries(document.paths).flatMap(([template, item]) =>
      METHODS.filter((m) => item[m] !== undefined).map((method) => ({
        method,
        template,
        pattern: new RegExp(
          `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`,
        ),
        params: (template.match(/\{/g) ?? []).length,
      })),
    );
  }

  /** The operation serving `method path` (path without the query), or undefined for an unknown route. */
  match(method: string, path: string): MatchedOperation | undefined {
    const m = method.toLowerCase();
    const found = this.routes
      .filter((r) => r.method === m && r.pattern.test(path))
      .sort((a, b) => a.params - b.params)[0];
    if (!found) return undefined;
    return {
      method: m,
      template: found.template,
      operation: this.document.paths[found.template][m] as OpenApiOperation,
    };
  }

  /** Every problem with this response, empty when it matches the document (or no operation serves it). */
  check(method: string, url: URL, status: number, contentType: string | null, text: string): string[] {
    const matched = this.match(method, url.pathname);
    if (!matched) return [];
    const name = `${method.toUpperCase()} ${matched.template}`;
    const response = matched.operation.responses[String(status)] ?? matched.operation.responses.default;
    if (!response) {
      const listed = Object.keys(matched.operation.responses).join(', ');
      return [
        `${name} answered ${status}, which the document does not list (it lists ${listed}): ${text.slice(0, 500)}`,
      ];
    }
    const json = response.content?.['application/json'];
    if (!response.content || Object.keys(response.content).length === 0) {
      return text === ''
        ? []
        : [`${name} ${status}: the document describes no body, but one came: ${text.slice(0, 200)}`];
    }
    if (!json) return []; // another media type (an event stream): not JSON Schema's business
    if (!contentType?.includes('application/json')) {
      return [
        `${name} ${status}: content-type ${contentType ?? '(none)'} where the document says application/json`,
      ];
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return [`${name} ${status}: the body is not JSON: ${text.slice(0, 200)}`];
    }
    const validate = this.compile(json.schema ?? {});
    if (validate(body)) return [];
    return (validate.errors ?? []).map(
      (e) =>
        `${name} ${status}: ${e.instancePath || '(body)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`,
    );
  }

  /** A validator of request bodies (or any value) against a schema taken from the document. */
  compileRequestSchema(schema: unknown): ValidateFunction {
    const key = JSON.stringify(schema) ?? 'undefined';
    let validate = this.requestSchemas.get(key);
    if (!validate) {
      validate = this.ajv.compile(rewriteRefs(schema) as object);
      this.requestSchemas.set(key, validate);
    }
    return validate;
  }

  private compile(schema: unknown): ValidateFunction {
    const key = JSON.stringify(schema);
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile(closeObjects(rewriteRefs(schema)) as object);
      this.compiled.set(key, validate);
    }
    return validate;
  }
}

function rewriteRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(
    Object.entries(node).map(([k, v]) =>
      k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')
        ? [k, `${DOC_ID}#/$defs/${v.slice('#/components/schemas/'.length)}`]
        : [k, rewriteRefs(v)],
    ),
  );
}

/** Objects with declared properties and no word on others are closed: undescribed fields are mismatches. */
function closeObjects<T>(node: T): T {
  if (Array.isArray(node)) return node.map(closeObjects) as T;
  if (typeof node !== 'object' || node === null) return node;
  const copy: Record<string, unknown> = Object.fromEntries(
    Object.entries(node).map(([k, v]) => [
      k,
      k === 'properties' ? mapValues(v, closeObjects) : closeObjects(v),
    ]),
  );
  if (copy.properties !== undefined && copy.additionalProperties === undefined)
    copy.additionalProperties = false;
  return copy as T;
}

function mapValues(record: unknown, f: (v: unknown) => unknown): unknown {
  if (typeof record !== 'object' || record === null) return record;
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, f(v)]));
}

const documents = new Map<string, Promise<OpenApiValidator | undefined>>();

/** How many served documents' validators a process keeps (systems of one run serve one or two). */
const KEPT_DOCUMENTS = 4;

/**
 * Validators by the text of the document they were built from, for every test file a Jest worker runs,
 * not only this one: each file loads this module anew (its own module registry), and building the
 * validator and compiling the schemas its requests meet cost each end-to-end file about half a second
 * of CPU for the same document the worker's previous file had. The map is kept on a Node core module,
 * the one object every file of a worker shares. A validator is a function of the document's text alone
 * (the key), and `check` takes and returns strings and parses the body itself, so a file uses another
 * file's validator exactly as it would its own. Outside Jest this is the process's one map.
 */
const byDocument: Map<string, OpenApiValidator> = ((os as unknown as Record<symbol, unknown>)[
  Symbol.for('policy-catalog.openapi-validators')
] ??= new Map<string, OpenApiValidator>()) as Map<string, OpenApiValidator>;

/**
 * The validator for the gateway at `baseUrl`, built from the document it serves at /api/openapi.json;
 * undefined when that URL serves none (a service's own health port, the sandbox).
 */
export function validatorFor(baseUrl: string): Promise<OpenApiValidator | undefined> {
  const origin = new URL(baseUrl).origin;
  let found = documents.get(origin);
  if (!found) {
    found = loadValidator(origin);
    documents.set(origin, found);
  }
  return found;
}

async function loadValidator(origin: string): Promise<OpenApiValidator | undefined> {
  let response: Response;
  try {
    response = await fetch(`${origin}/api/openapi.json`);
  } catch {
    // Nothing listens there (yet): check nothing, and ask again next time.
    documents.delete(origin);
    return undefined;
  }
  if (response.status !== 200) return undefined;
  const text = await response.text();
  const document = JSON.parse(text) as OpenApiDocument;
  if (typeof document.openapi !== 'string') return undefined;
  // Replicas of one gateway (and systems started again in one file) serve the same document: one
  // validator, and its compiled schemas, serve them all.
  let validator = byDocument.get(text);
  if (validator) {
    byDocument.delete(text); // the most recently used last
  } else {
    validator = new OpenApiValidator(document);
    for (const oldest of byDocument.keys()) {
      if (byDocument.size < KEPT_DOCUMENTS) break;
      byDocument.delete(oldest);
    }
  }
  byDocument.set(text, validator);
  return validator;
}
