import path from 'node:path';
import { InProcessBroker, loadEnv, setLogLevel } from '@pc/platform';
import ts from 'typescript';
import { createGateway } from '../gateway.app';
import { GatewayEnv } from '../gateway.env';

type Schema = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ROOT = path.join(__dirname, '..', '..', '..', '..');
const GATEWAY = path.join(ROOT, 'apps', 'gateway', 'src');

/**
 * The document describes what the services answer: for every route whose handler forwards one bus
 * request's answer under a documented response DTO, the answer's type (the descriptor's, in
 * libs/contracts) and the DTO's component schema name the same fields, the same optional and nullable
 * ones, and the same values of each enumerated field. A field a service adds without its DTO, or an
 * enum that drifts from the type's, fails here before a client generated from the document meets it.
 */
describe('the OpenAPI response schemas and the message types', () => {
  let schemas: Record<string, Schema>;
  let checker: ts.TypeChecker;
  let program: ts.Program;

  beforeAll(async () => {
    setLogLevel('error');
    const { app, document } = await createGateway(loadEnv(GatewayEnv, { LOG_LEVEL: 'error' }), {
      kind: 'in-process',
      broker: new InProcessBroker(),
      prefix: '',
      timeoutMs: 1000,
    });
    await app.close();
    schemas = document.components!.schemas!;
    const config = ts.getParsedCommandLineOfConfigFile(
      path.join(ROOT, 'tsconfig.json'),
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: () => undefined,
      },
    )!;
    program = ts.createProgram(
      config.fileNames.filter((f) => f.startsWith(GATEWAY) && /controller\.ts$/.test(f)),
      config.options,
    );
    checker = program.getTypeChecker();
  }, 60_000);

  const resolve = (schema: Schema | undefined): Schema => {
    let s = schema ?? {};
    while (typeof s.$ref === 'string') s = schemas[s.$ref.split('/').pop()!];
    return s;
  };

  /** Where the type of an answer and the schema that documents it disagree. */
  function compare(type: ts.Type, schema: Schema, at: string, depth = 0): string[] {
    if (depth > 8) return [];
    const s0 = resolve(schema);
    const all = type.isUnion() ? type.types : [type];
    const nullable = all.some((t) => t.flags & ts.TypeFlags.Null);
    const types = all.filter((t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)));
    const branches = (s0.anyOf ?? s0.oneOf) as Schema[] | undefined;
    const schemaNull =
      ([] as unknown[]).concat(s0.type ?? []).includes('null') ||
      (branches ?? []).some((b) => resolve(b).type === 'null');
    const problems: string[] = [];
    if (nullable && !schemaNull && Object.keys(s0).length > 0)
      problems.push(`${at}: null, not in the schema`);
    let s = s0;
    if (branches) {
      const others = branches.filter((b) => resolve(b).type !== 'null');
      if (others.length !== 1) return problems;
      s = resolve(others[0]);
    }
    if (types.length > 0 && types.every((t) => t.isStringLiteral())) {
      const values = types.map((t) => t.value).sort();
      const documented = ((s.enum ?? []) as unknown[])
        .filter((v) => v !== null)
        .map(String)
        .sort();
      if (JSON.stringify(values) !== JSON.stringify(documented))
        problems.push(`${at}: the type's values ${values.join(', ')}, the schema's ${documented.join(', ')}`);
      return problems;
    }
    if (types.length !== 1) return problems;
    const [t] = types;
    if (checker.isArrayType(t)) {
      const [element] = checker.getTypeArguments(t as ts.TypeReference);
      return [...problems, ...compare(element, s.items as Schema, `${at}[]`, depth + 1)];
    }
    if (!(t.flags & ts.TypeFlags.Object) || !s.properties) return problems;
    const properties = s.properties as Record<string, Schema>;
    const required = new Set((s.required ?? []) as string[]);
    const names = checker.getPropertiesOfType(t).map((p) => p.getName());
    for (const property of checker.getPropertiesOfType(t)) {
      const name = property.getName();
      if (name.startsWith('__')) continue;
      if (!properties[name]) {
        problems.push(`${at}.${name}: answered, not in the schema`);
        continue;
      }
      if (property.flags & ts.SymbolFlags.Optional && required.has(name))
        problems.push(`${at}.${name}: optional in the answer, required by the schema`);
      problems.push(
        ...compare(checker.getTypeOfSymbol(property), properties[name], `${at}.${name}`, depth + 1),
      );
    }
    for (const name of Object.keys(properties))
      if (!names.includes(name)) problems.push(`${at}.${name}: in the schema, never answered`);
    return problems;
  }

  /** The response DTO's name a handler's decorators document (`@ApiOkResponse({ type: X })` and kin). */
  function documentedDto(method: ts.MethodDeclaration): string | undefined {
    for (const decorator of ts.getDecorators(method) ?? []) {
      const found = /Api(Ok|Created)?Response\(\{[^]*?type:\s*(\w+)/.exec(decorator.getText());
      if (found && schemas[found[2]]) return found[2];
    }
    return undefined;
  }

  it('documents the fields, optional and nullable ones and enum values each forwarded answer has', () => {
    const problems: string[] = [];
    let compared = 0;
    for (const file of program.getRootFileNames()) {
      const source = program.getSourceFile(file)!;
      const visit = (node: ts.Node): void => {
        if (ts.isMethodDeclaration(node) && node.body) {
          const dto = documentedDto(node);
          const requests: ts.CallExpression[] = [];
          const find = (n: ts.Node): void => {
            if (ts.isCallExpression(n) && /\.bus\.request$/.test(n.expression.getText())) requests.push(n);
            ts.forEachChild(n, find);
          };
          find(node.body);
          if (dto && requests.length === 1) {
            const answer = checker.getReturnTypeOfSignature(checker.getResolvedSignature(requests[0])!);
            const [type] = checker.getTypeArguments(answer as ts.TypeReference);
            if (type && !(type.flags & ts.TypeFlags.Unknown)) {
              compared++;
              const name = `${path.basename(file)} ${node.name.getText()} ${dto}`;
              problems.push(...compare(type, { $ref: `#/components/schemas/${dto}` }, name));
            }
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(problems).toEqual([]);
    expect(compared).toBeGreaterThan(80);
  });
});
