// `npm run openapi:client-check`: what a client developer gets from docs/openapi.json. Generates the
// types with openapi-typescript, then type-checks (strict) the example calls of the README and the guides
// (docs/guides/*.md) against them (each
// curl's method and path must be a documented operation, and its JSON body must be a valid request body
// of that operation), and fails when any operation's success body is, or holds a field that is, `unknown`
// (a free-form map, `additionalProperties: true`, is allowed).
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';

const root = path.join(__dirname, '..', '..');
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const SUCCESS = [200, 201, 207] as const;

interface Document {
  paths: Record<string, Partial<Record<(typeof METHODS)[number], { responses: Record<string, unknown> }>>>;
}

export interface ReadmeCall {
  file: string;
  line: number;
  method: string;
  url: string;
  body?: string;
}

async function main(): Promise<void> {
  const document = JSON.parse(readFileSync(path.join(root, 'docs', 'openapi.json'), 'utf8')) as Document;
  const files = [
    'README.md',
    ...readdirSync(path.join(root, 'docs', 'guides'))
      .filter((name) => name.endsWith('.md'))
      .sort()
      .map((name) => `docs/guides/${name}`),
  ];
  const problems: string[] = [];
  const dir = mkdtempSync(path.join(tmpdir(), 'openapi-client-'));
  try {
    // openapi-typescript is an ES module with a CommonJS build.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const openapiTS = require('openapi-typescript') as typeof import('openapi-typescript');
    const ast = await openapiTS.default(document as never);
    writeFileSync(path.join(dir, 'api.d.ts'), openapiTS.astToString(ast));

    const calls = files.flatMap((file) => readmeCalls(readFileSync(path.join(root, file), 'utf8'), file));
    if (calls.length === 0)
      problems.push('The README and the guides have no curl call of the API ($B/api/...)');
    const lines: string[] = [HELPERS];
    const successTypes: Array<{ alias: string; name: string }> = [];
    for (const [template, item] of Object.entries(document.paths)) {
      for (const method of METHODS) {
        const op = item[method];
        if (!op || !template.startsWith('/api/')) continue;
        const name = `${method.toUpperCase()} ${template}`;
        if (!SUCCESS.some((s) => op.responses[String(s)])) {
          problems.push(`${name}: no success response documented`);
          continue;
        }
        // A stream (the deployment log, text/event-stream) documents no JSON body: nothing to type.
        if (!jsonSuccess(op)) continue;
        const alias = `Success${successTypes.length}`;
        successTypes.push({ alias, name });
        lines.push(`export type ${alias} = SuccessBody<${JSON.stringify(template)}, '${method}'>;`);
      }
    }
    calls.forEach((call, i) => {
      const template = matchTemplate(document, call);
      if (!template) {
        problems.push(
          `${call.file}:${call.line}: ${call.method} ${call.url} is not an operation of the document`,
        );
        return;
      }
      const method = call.method.toLowerCase();
      lines.push(`// ${call.file}:${call.line}: ${call.method} ${call.url}`);
      lines.push(`export type ReadmeCall${i} = SuccessBody<${JSON.stringify(template)}, '${method}'>;`);
      const op = document.paths[template][method as (typeof METHODS)[number]];
      if (op && jsonSuccess(op)) lines.push(`export const readmeCall${i}: IsKnown<ReadmeCall${i}> = true;`);
      if (call.body !== undefined) {
        const body = jsonOf(call.body);
        if (body === undefined) {
          // Built by the shell (a variable, a file): nothing to check statically.
          console.warn(
            `${call.file}:${call.line}: the body of ${call.method} ${call.url} is not literal JSON; not checked`,
          );
        } else {
          lines.push(
            `export const readmeBody${i}: RequestBody<${JSON.stringify(template)}, '${method}'> = ${body};`,
          );
        }
      }
    });
    const callsFile = path.join(dir, 'calls.ts');
    writeFileSync(callsFile, lines.join('\n'));

    const program = ts.createProgram([callsFile], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.CommonJS,
      skipLibCheck: false,
      types: [],
    });
    for (const d of ts.getPreEmitDiagnostics(program)) {
      const where =
        d.file && d.start !== undefined
          ? `${path.basename(d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}`
          : '';
      problems.push(`type error ${where}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    }
    const checker = program.getTypeChecker();
    const source = program.getSourceFile(callsFile)!;
    const aliases = new Map<string, ts.Type>();
    source.forEachChild((node) => {
      if (ts.isTypeAliasDeclaration(node)) aliases.set(node.name.text, checker.getTypeAtLocation(node.name));
    });
    for (const { alias, name } of successTypes) {
      for (const where of unknownsIn(checker, aliases.get(alias)!, '(body)', new Set()))
        problems.push(`${name}: the success body is unknown at ${where}`);
    }
    console.log(
      `${successTypes.length} operations and ${calls.length} calls of the README and guides checked against the generated client`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
}

/** False when every documented success is something other than JSON (a text/event-stream). */
function jsonSuccess(op: { responses: Record<string, unknown> }): boolean {
  const contents = SUCCESS.flatMap((s) =>
    Object.keys((op.responses[String(s)] as { content?: object } | undefined)?.content ?? {}),
  );
  return contents.length === 0 || contents.includes('application/json');
}

const HELPERS = `import type { paths } from './api';
type Op<P extends keyof paths, M extends keyof paths[P]> = paths[P][M];
type JsonOf<R> = R extends { content: { 'application/json': infer J } } ? J : never;
export type SuccessBody<P extends keyof paths, M extends keyof paths[P]> =
  Op<P, M> extends { responses: infer R }
    ? { [S in keyof R & (${SUCCESS.join(' | ')})]: JsonOf<R[S]> }[keyof R & (${SUCCESS.join(' | ')})]
    : never;
export type RequestBody<P extends keyof paths, M extends keyof paths[P]> =
  Op<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
/** True only when T is a known type: neither unknown nor any nor never. */
type IsKnown<T> = [T] extends [never] ? false : unknown extends T ? ([keyof T] extends [never] ? false : true) : true;
`;

/** Where an `unknown` (or `any`) sits in a type; index-signature values (free-form maps) are allowed. */
function unknownsIn(checker: ts.TypeChecker, type: ts.Type, at: string, seen: Set<ts.Type>): string[] {
  if (type.flags & (ts.TypeFlags.Unknown | ts.TypeFlags.Any)) return [at];
  if (type.flags & ts.TypeFlags.Never) return [`${at} (never: no JSON body documented)`];
  if (seen.has(type)) return [];
  seen.add(type);
  if (type.isUnion() || type.isIntersection())
    return type.types.flatMap((t) => unknownsIn(checker, t, at, seen));
  if (checker.isArrayType(type)) {
    const [element] = checker.getTypeArguments(type as ts.TypeReference);
    return unknownsIn(checker, element, `${at}[]`, seen);
  }
  if (!(type.flags & ts.TypeFlags.Object)) return [];
  return checker.getPropertiesOfType(type).flatMap((property) => {
    const propertyType = checker.getTypeOfSymbol(property);
    const where = `${at}.${property.name}`;
    if (propertyType.flags & (ts.TypeFlags.Unknown | ts.TypeFlags.Any)) return [where];
    return unknownsIn(checker, checker.getNonNullableType(propertyType), where, seen);
  });
}

/** The curl calls of the README: method, `$B/api/...` URL, and the `-d` body when there is one. */
export function readmeCalls(readme: string, file: string): ReadmeCall[] {
  const calls: ReadmeCall[] = [];
  const lines = readme.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!/\bcurl\b/.test(lines[i])) continue;
    let command = lines[i];
    const line = i + 1;
    while (/\\\s*$/.test(command) && i + 1 < lines.length)
      command = command.replace(/\\\s*$/, ' ') + lines[++i];
    for (const whole of command.split(/(?=\bcurl\s)/).filter((p) => p.startsWith('curl'))) {
      // The curl command ends at the first pipe: `| tr -d ...` is not a curl body.
      const part = whole.split(/\s\|\s/)[0];
      const url = /["']?\$\{?B\}?(\/api\/[^\s"'?)]*)/.exec(part)?.[1];
      if (!url) continue;
      const explicit = /(?:-X|--request)\s+([A-Z]+)/.exec(part)?.[1];
      const data = /(?:-d|--data(?:-raw)?|--json)\s+('(?:[^']|'"[^"]*"')*'|"(?:[^"\\]|\\.)*")/.exec(
        part,
      )?.[1];
      const method = explicit ?? (data ? 'POST' : 'GET');
      calls.push({ file, line, method, url, body: data });
    }
  }
  return calls;
}

/** A shell-quoted JSON body as a TypeScript expression, shell variables standing in as strings. */
function jsonOf(quoted: string): string | undefined {
  let text = quoted;
  if (text.startsWith("'")) {
    // '{"name":"'"$NAME"'"}' : the variable is spliced in between two single-quoted parts.
    text = text.slice(1, -1).replace(/'"\$\{?(\w+)\}?"'/g, 'SHELL_$1');
  } else {
    text = text
      .slice(1, -1)
      .replace(/\\"/g, '"')
      .replace(/\$\{?(\w+)\}?/g, 'SHELL_$1');
  }
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/** The documented path a README URL calls: literal segments equal, `{param}` segments anything. */
function matchTemplate(document: Document, call: ReadmeCall): string | undefined {
  const segments = call.url.replace(/\/$/, '').split('/');
  const method = call.method.toLowerCase() as (typeof METHODS)[number];
  const candidates = Object.keys(document.paths).filter((template) => {
    const parts = template.split('/');
    return (
      document.paths[template][method] !== undefined &&
      parts.length === segments.length &&
      parts.every((p, i) => p === segments[i] || /^\{.+\}$/.test(p))
    );
  });
  return candidates.sort((a, b) => (a.match(/\{/g) ?? []).length - (b.match(/\{/g) ?? []).length)[0];
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
