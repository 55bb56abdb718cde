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
 * ones, and the same values of each enumerated field. The routes a generic controller serves for every
 * kind of listing (`listingController(kind)` and kin, whose messages are typed only in the kind's routes
 * object) are compared kind by kind: the answer of the message each kind's routes name, with the DTO
 * they name. A field a service adds without its DTO, or an enum that drifts from the type's, fails here
 * before a client generated from the document meets it.
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

  /**
   * A handler of a generic controller (a factory such as `listingController(kind)`, whose routes every
   * kind of listing shares): where, in the kind's routes object, its answer's message and its documented
   * DTO are (`['rpc', 'list']`, `['dtos', 'list']`), or the message itself when the handler names one.
   */
  interface GenericHandler {
    name: string;
    rpc?: string[] | ts.Expression;
    dto?: string[] | string;
  }

  /** The answer's type a message descriptor carries (`RpcDescriptor<Req, Res>`: its Res). */
  function answerOf(descriptor: ts.Type): ts.Type | undefined {
    const [, res] = checker.getTypeArguments(descriptor as ts.TypeReference);
    return res && !(res.flags & ts.TypeFlags.Unknown) ? res : undefined;
  }

  /**
   * The message a handler's body forwards the answer of: the descriptor of its one `this.bus.request` or
   * `this.reads.serve` (a public read, answered with the service's body as it is).
   */
  function forwardedDescriptor(body: ts.Node): ts.Expression | undefined {
    const found: ts.Expression[] = [];
    const find = (n: ts.Node): void => {
      if (ts.isCallExpression(n)) {
        const callee = n.expression.getText();
        if (/\.bus\.request$/.test(callee)) found.push(n.arguments[0]);
        if (/\.reads\.serve$/.test(callee)) found.push(n.arguments[3]);
      }
      ts.forEachChild(n, find);
    };
    find(body);
    return found.length === 1 ? found[0] : undefined;
  }

  /** `kind.rpc.list` or `dtos.list` (destructured from `kind`) as a path in the kind's routes object. */
  function pathIn(expression: string, parameter: string): string[] {
    const parts = expression.split('.');
    return parts[0] === parameter ? parts.slice(1) : parts;
  }

  /**
   * The response DTO a generic handler documents, as written: `dtos.list`, or a class's name. A decorator
   * of the file's own (`@decision('approve', ...)`) is read where it is declared.
   */
  function documentedExpression(method: ts.MethodDeclaration): string | undefined {
    for (const decorator of ts.getDecorators(method) ?? []) {
      let text = decorator.getText();
      const call = decorator.expression;
      if (ts.isCallExpression(call) && ts.isIdentifier(call.expression)) {
        const declaration = checker.getSymbolAtLocation(call.expression)?.valueDeclaration;
        if (declaration && declaration.getSourceFile() === method.getSourceFile())
          text += declaration.getText();
      }
      const found = /Api(Ok|Created)?Response\(\{[^]*?type:\s*([\w.]+)/.exec(text);
      if (found) return found[2];
    }
    return undefined;
  }

  /** The generic controllers: each factory's name, and its handlers. */
  function genericControllers(): Map<string, GenericHandler[]> {
    const factories = new Map<string, GenericHandler[]>();
    for (const file of program.getRootFileNames()) {
      const source = program.getSourceFile(file)!;
      for (const statement of source.statements) {
        if (!ts.isFunctionDeclaration(statement) || !statement.name || !statement.body) continue;
        const parameter = statement.parameters[0]?.name.getText();
        const controller = statement.body.statements.find(ts.isClassDeclaration);
        if (!parameter || !controller) continue;
        const handlers: GenericHandler[] = [];
        for (const member of controller.members) {
          if (!ts.isMethodDeclaration(member) || !member.body || !ts.getDecorators(member)?.length) continue;
          const descriptor = forwardedDescriptor(member.body);
          const dto = documentedExpression(member);
          const generic = (text: string) => text.startsWith(`${parameter}.`) || !/^[A-Z]/.test(text);
          handlers.push({
            name: member.name.getText(),
            rpc:
              descriptor &&
              (generic(descriptor.getText()) ? pathIn(descriptor.getText(), parameter) : descriptor),
            dto: dto && (generic(dto) ? pathIn(dto, parameter) : dto),
          });
        }
        factories.set(statement.name.text, handlers);
      }
    }
    return factories;
  }

  /** The expression at `path` in an object literal (`rpc.list`: the `list` of its `rpc`). */
  function at(object: ts.Expression, path: string[]): ts.Expression | undefined {
    let node: ts.Expression | undefined = object;
    for (const key of path) {
      if (!node || !ts.isObjectLiteralExpression(node)) return undefined;
      const property: ts.ObjectLiteralElementLike | undefined = node.properties.find(
        (p) => p.name?.getText() === key,
      );
      node =
        property && ts.isPropertyAssignment(property)
          ? property.initializer
          : property && ts.isShorthandPropertyAssignment(property)
            ? property.name
            : undefined;
    }
    return node;
  }

  /**
   * The type at `path` in an object literal, read in the literal as far as it goes (a routes object's
   * `rpc.list`), then in the types (its `rpc: CatalogRpc`'s `getSubmission`).
   */
  function typeAt(object: ts.Expression, path: string[]): ts.Type | undefined {
    for (let i = path.length; i >= 0; i--) {
      const node = at(object, path.slice(0, i));
      if (!node) continue;
      let type: ts.Type = checker.getTypeAtLocation(node);
      for (const key of path.slice(i)) {
        const property = checker.getPropertyOfType(type, key);
        if (!property) return undefined;
        type = checker.getTypeOfSymbolAtLocation(property, node);
      }
      return type;
    }
    return undefined;
  }

  /** An identifier's value where it is declared (`const POLICIES: ListingRoutes = { ... }`). */
  function initializerOf(expression: ts.Expression): ts.Expression | undefined {
    if (ts.isObjectLiteralExpression(expression)) return expression;
    const declaration = checker.getSymbolAtLocation(expression)?.valueDeclaration;
    return declaration && ts.isVariableDeclaration(declaration) ? declaration.initializer : undefined;
  }

  it("documents each kind's answer on the routes the generic controllers serve for every kind", () => {
    const factories = genericControllers();
    const problems: string[] = [];
    const compared: string[] = [];
    for (const file of program.getRootFileNames()) {
      const visit = (node: ts.Node): void => {
        if (ts.isClassDeclaration(node) && node.name) {
          const base = node.heritageClauses
            ?.flatMap((h) => h.types)
            .map((t) => t.expression)
            .find(
              (e): e is ts.CallExpression => ts.isCallExpression(e) && factories.has(e.expression.getText()),
            );
          const routes = base?.arguments[0] && initializerOf(base.arguments[0]);
          if (base && !routes)
            problems.push(`${node.name.text}: its kind's routes are not an object literal`);
          const own = new Set(node.members.map((m) => m.name?.getText()));
          for (const handler of (base && routes && factories.get(base.expression.getText())) ?? []) {
            if (own.has(handler.name)) continue; // the kind's own handler: the forwarded answers' pass reads it
            const name = `${node.name.text} ${handler.name}`;
            if (!handler.rpc && !handler.dto) continue; // forwards no single answer, documents none
            const rpc = Array.isArray(handler.rpc)
              ? typeAt(routes!, handler.rpc)
              : handler.rpc && checker.getTypeAtLocation(handler.rpc);
            const dtoAt = Array.isArray(handler.dto) ? at(routes!, handler.dto) : undefined;
            const dto = dtoAt
              ? checker.getSymbolAtLocation(dtoAt)?.getName()
              : (handler.dto as string | undefined);
            const answer = rpc && answerOf(rpc);
            if (!answer || !dto || !schemas[dto]) {
              const message = rpc ? checker.typeToString(rpc) : '?';
              problems.push(`${name}: not compared (message ${message}, DTO ${dto ?? '?'})`);
              continue;
            }
            compared.push(`${name} ${dto}`);
            problems.push(...compare(answer, { $ref: `#/components/schemas/${dto}` }, `${name} ${dto}`));
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(program.getSourceFile(file)!);
    }
    expect(problems).toEqual([]);
    // Both kinds, on the listing's, the submissions' and the review's shared routes.
    for (const controller of [
      'PoliciesController',
      'RulesetsController',
      'SubmissionsController',
      'RulesetSubmissionsController',
      'AdminController',
      'RulesetReviewController',
    ])
      expect(compared.filter((c) => c.startsWith(`${controller} `)).length).toBeGreaterThan(1);
    expect(compared.length).toBeGreaterThan(20);
  });
});
