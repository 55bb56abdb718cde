import 'reflect-metadata';
import { ParseUUIDPipe } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import { InProcessBroker, loadEnv, setLogLevel } from '@pc/platform';
import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { ORGANIZATION_TREE_BOUNDS, ORGANIZATION_TREE_UNREADABLE } from '../connections/connections.dto';
import { createGateway } from '../gateway.app';
import { GatewayEnv } from '../gateway.env';

type Schema = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * The document states the limits the validators enforce, exactly: for every request DTO of the gateway
 * (a body's component schema, or an operation's query, path or header parameters), each rule has its
 * counterpart in the schema of that property (length, range, item count, enum, pattern, format,
 * integer, unique items, a single allowed value), so a limit changed in one place and not the other
 * fails here; and every request field, header and path parameter of every operation has a bound, and is
 * validated.
 */
describe('the OpenAPI document and the validators', () => {
  let document: OpenAPIObject;

  beforeAll(async () => {
    setLogLevel('error');
    const { app, document: built } = await createGateway(loadEnv(GatewayEnv, { LOG_LEVEL: 'error' }), {
      kind: 'in-process',
      broker: new InProcessBroker(),
      prefix: '',
      timeoutMs: 1000,
    });
    uuidPipes = uuidParametersOf(app.get(ModulesContainer));
    await app.close();
    document = built;
  });

  /** `<operationId> <path parameter>` for every path parameter a ParseUUIDPipe validates. */
  let uuidPipes: Set<string>;

  function uuidParametersOf(modules: ModulesContainer): Set<string> {
    const found = new Set<string>();
    for (const module of modules.values()) {
      for (const wrapper of module.controllers.values()) {
        const controller = wrapper.metatype as (new () => unknown) | null;
        if (!controller) continue;
        const prototype = controller.prototype as Record<string, unknown>;
        for (const method of Object.getOwnPropertyNames(prototype)) {
          const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<
            string,
            { data?: unknown; pipes?: unknown[] }
          >;
          for (const arg of Object.values(args)) {
            if (
              typeof arg.data === 'string' &&
              (arg.pipes ?? []).some((pipe) => pipe instanceof ParseUUIDPipe)
            )
              found.add(`${controller.name.replace(/Controller$/, '')}_${method} ${arg.data}`);
          }
        }
      }
    }
    return found;
  }

  function resolve(schema: Schema | undefined): Schema {
    let s = schema ?? {};
    while (typeof s.$ref === 'string') s = document.components!.schemas![s.$ref.split('/').pop()!];
    return s;
  }

  /** The schema and, for a union (a URL an empty string clears), the branch of the value's kind. */
  function branches(schema: Schema): Schema[] {
    const s = resolve(schema);
    return [s, ...((s.anyOf ?? s.oneOf ?? []) as Schema[]).map(resolve)];
  }

  function problemsOf(name: string, property: string, schema: Schema, rules: ValidationMetadata[]): string[] {
    const problems: string[] = [];
    const at = `${name}.${property}`;
    for (const rule of rules) {
      const target = rule.each ? resolve(resolve(schema).items) : schema;
      const all = branches(target);
      const has = (key: string, value: unknown) =>
        all.some((b) => JSON.stringify(b[key]) === JSON.stringify(value));
      const want = (key: string, value: unknown) => {
        if (!has(key, value))
          problems.push(`${at}: the validator's ${rule.name} needs ${key} ${JSON.stringify(value)}`);
      };
      const [a, b] = (rule.constraints ?? []) as unknown[];
      switch (rule.name ?? '') {
        case 'isLength':
          want('minLength', a);
          want('maxLength', b);
          break;
        case 'maxLength':
          want('maxLength', a);
          break;
        case 'minLength':
          want('minLength', a);
          break;
        case 'max':
          want('maximum', a);
          break;
        case 'min':
          want('minimum', a);
          break;
        case 'arrayMaxSize':
          want('maxItems', a);
          break;
        case 'arrayMinSize':
          want('minItems', a);
          break;
        case 'matches':
          want('pattern', (a as RegExp).source);
          break;
        case 'isUuid':
          want('format', 'uuid');
          break;
        case 'isEmail':
          want('format', 'email');
          break;
        case 'isUrl':
          want('format', 'uri');
          break;
        case 'maxUtf8Bytes':
          // JSON Schema counts characters; a character is at least one byte: the byte budget is the bound.
          want('maxLength', a);
          break;
        case 'isInt':
          want('type', 'integer');
          break;
        case 'arrayUnique':
          want('uniqueItems', true);
          break;
        case 'isIso8601':
          want('format', 'date-time');
          break;
        case 'equals':
          if (!has('const', a) && !has('enum', [a]))
            problems.push(`${at}: the validator allows only ${JSON.stringify(a)}, the document more`);
          break;
        case 'isIn': {
          const values = (a as unknown[]).map(String).sort();
          const documented = all.flatMap((s) =>
            ((s.enum ?? []) as unknown[]).filter((v) => v !== null).map(String),
          );
          if (JSON.stringify([...new Set(documented)].sort()) !== JSON.stringify(values))
            problems.push(
              `${at}: the validator allows ${values.join(', ')}, the document ${documented.join(', ')}`,
            );
          break;
        }
        default:
          // Type checks (isString, isBoolean...), conditions and nesting have no limit to compare.
          break;
      }
    }
    return problems;
  }

  it('documents every limit, enum, pattern and format the gateway validators enforce, with the same value', () => {
    const storage = getMetadataStorage() as unknown as {
      validationMetadatas: Map<new () => unknown, unknown>;
    };
    const schemas = document.components!.schemas! as Record<string, Schema>;
    const problems: string[] = [];
    let checked = 0;
    for (const target of storage.validationMetadatas.keys()) {
      // A component schema by the class's name, else the query parameters of the operations whose query
      // has exactly the class's fields (two lists may share field names: the one that matches is it).
      const candidates = schemas[target.name] ? [schemas[target.name]] : parametersOf(target);
      if (candidates.length === 0) continue;
      const rules = getMetadataStorage().getTargetValidationMetadatas(target, '', false, false);
      const byProperty = new Map<string, ValidationMetadata[]>();
      for (const rule of rules)
        byProperty.set(rule.propertyName, [...(byProperty.get(rule.propertyName) ?? []), rule]);
      const verdicts = candidates.map((schema) => {
        const found: string[] = [];
        let count = 0;
        for (const [property, propertyRules] of byProperty) {
          const propertySchema = (schema.properties as Record<string, Schema> | undefined)?.[property];
          if (!propertySchema) {
            found.push(`${target.name}.${property}: validated, but not in the document`);
            continue;
          }
          count++;
          found.push(...problemsOf(target.name, property, propertySchema, propertyRules));
        }
        return { found, count };
      });
      const best = verdicts.reduce((a, b) => (b.found.length < a.found.length ? b : a));
      checked += best.count;
      problems.push(...best.found);
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(50);
  });

  /**
   * A query, path or header DTO is not a component schema: its properties are an operation's parameters
   * of one place (a header DTO names headers in lower case). The parameters of every operation whose
   * parameters of that place include all the DTO's validated properties (a query DTO: exactly them).
   */
  function parametersOf(target: new () => unknown): Schema[] {
    const names = new Set(
      getMetadataStorage()
        .getTargetValidationMetadatas(target, '', false, false)
        .map((r) => r.propertyName),
    );
    const found: Schema[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(item as Record<string, { parameters?: Array<Schema> }>)) {
        for (const place of ['query', 'path', 'header'] as const) {
          const params = (op.parameters ?? []).filter((p) => p.in === place);
          const nameOf = (p: Schema) => (place === 'header' ? String(p.name).toLowerCase() : String(p.name));
          const covers = [...names].every((n) => params.some((p) => nameOf(p) === n));
          if (!covers || (place === 'query' && params.length !== names.size)) continue;
          for (const p of params)
            if (names.has(nameOf(p))) validated.add(`${method} ${path} ${place} ${p.name}`);
          found.push({ properties: Object.fromEntries(params.map((p) => [nameOf(p), p.schema])) });
        }
      }
    }
    return found;
  }

  /** Parameters a DTO's rules were matched with, as `<method> <path> <in> <name>`. */
  const validated = new Set<string>();

  /** Where a schema fails to bound a value: a string without a length, enum or fixed format, and so on. */
  function unbounded(schema: Schema | undefined, at: string, seen = new Set<Schema>()): string[] {
    const s = resolve(schema);
    if (seen.has(s)) return [];
    seen.add(s);
    const branches = (s.anyOf ?? s.oneOf ?? s.allOf) as Schema[] | undefined;
    if (branches) return branches.flatMap((b, i) => unbounded(b, `${at}[${i}]`, seen));
    if (s.enum || 'const' in s) return [];
    const types = ([] as unknown[]).concat(s.type ?? []).filter((t) => t !== 'null');
    const problems: string[] = [];
    for (const type of types) {
      if (type === 'string' && s.maxLength === undefined && !['uuid', 'date-time', 'date'].includes(s.format))
        problems.push(`${at}: a string without maxLength`);
      if ((type === 'integer' || type === 'number') && s.maximum === undefined)
        problems.push(`${at}: a number without maximum`);
      if (type === 'array') {
        if (s.maxItems === undefined) problems.push(`${at}: an array without maxItems`);
        problems.push(...unbounded(s.items as Schema, `${at}[]`, seen));
      }
      if (type === 'object')
        for (const [name, property] of Object.entries((s.properties ?? {}) as Record<string, Schema>))
          problems.push(...unbounded(property, `${at}.${name}`, seen));
    }
    return problems;
  }

  it('gives every request field, header and path parameter of every operation a bound', () => {
    const problems: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(item as Record<string, Schema>)) {
        for (const p of (op.parameters ?? []) as Schema[])
          problems.push(...unbounded(p.schema as Schema, `${method} ${path} ${p.in} ${p.name}`));
        const body = (op.requestBody as Schema | undefined)?.content?.['application/json']?.schema as
          Schema | undefined;
        if (body) problems.push(...unbounded(body, `${method} ${path} body`));
      }
    }
    expect(problems).toEqual([]);
  });

  it('validates every query, header and path parameter it documents (ids with ParseUUIDPipe)', () => {
    const problems: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(item as Record<string, Schema>)) {
        for (const p of (op.parameters ?? []) as Schema[]) {
          const key = `${method} ${path} ${p.in} ${p.name}`;
          if (p.in === 'path' && uuidPipes.has(`${op.operationId} ${p.name}`)) continue;
          // Compared with the current tag, never refused: a value that does not match gets the answer.
          if (p.in === 'header' && p.name === 'If-None-Match') continue;
          if (!validated.has(key))
            problems.push(`${key}: documented, but no DTO's rules were matched with it`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(uuidPipes.size).toBeGreaterThan(50);
  });

  it('states the bounds of an organization list on every route that answers one', () => {
    const routes: string[] = [];
    const problems: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(item as Record<string, Schema>)) {
        const ok = (op.responses as Schema)['200']?.content?.['application/json']?.schema as
          Schema | undefined;
        if (ok?.$ref !== '#/components/schemas/OrganizationListDto') continue;
        routes.push(`${method} ${path}`);
        if (!String(op.description).includes(ORGANIZATION_TREE_BOUNDS))
          problems.push(`${method} ${path}: the description does not state the bounds`);
        if ((op.responses as Schema)['502']?.description !== ORGANIZATION_TREE_UNREADABLE[1])
          problems.push(`${method} ${path}: the 502 does not say an answer past the bounds is one`);
      }
    }
    expect(routes.sort()).toEqual([
      'get /api/connections/{id}/orgs',
      'get /api/policies/{id}/orgs',
      'post /api/connections/organizations',
    ]);
    expect(problems).toEqual([]);
  });
});
