import 'reflect-metadata';
import type { OpenAPIObject } from '@nestjs/swagger';
import { InProcessBroker, loadEnv, setLogLevel } from '@pc/platform';
import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { createGateway } from '../gateway.app';
import { GatewayEnv } from '../gateway.env';

type Schema = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * The document states the limits the validators enforce, exactly: for every request DTO of the gateway
 * (every class with class-validator rules that is a component schema), each rule has its counterpart in
 * the schema of that property (length, range, item count, enum, pattern, format, integer), so a limit
 * changed in one place and not the other fails here.
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
    await app.close();
    document = built;
  });

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
        case 'isInt':
          want('type', 'integer');
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
      const schema = schemas[target.name] ?? queryOf(target);
      if (!schema) continue;
      const rules = getMetadataStorage().getTargetValidationMetadatas(target, '', false, false);
      const byProperty = new Map<string, ValidationMetadata[]>();
      for (const rule of rules)
        byProperty.set(rule.propertyName, [...(byProperty.get(rule.propertyName) ?? []), rule]);
      for (const [property, propertyRules] of byProperty) {
        const propertySchema = (schema.properties as Record<string, Schema> | undefined)?.[property];
        if (!propertySchema) {
          problems.push(`${target.name}.${property}: validated, but not in the document`);
          continue;
        }
        checked++;
        problems.push(...problemsOf(target.name, property, propertySchema, propertyRules));
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(50);
  });

  /**
   * A query DTO is not a component schema: its properties are an operation's query parameters. The
   * schema of the first operation whose query parameters are exactly the DTO's validated properties.
   */
  function queryOf(target: new () => unknown): Schema | undefined {
    const names = new Set(
      getMetadataStorage()
        .getTargetValidationMetadatas(target, '', false, false)
        .map((r) => r.propertyName),
    );
    for (const item of Object.values(document.paths)) {
      for (const op of Object.values(item as Record<string, { parameters?: Array<Schema> }>)) {
        const query = (op.parameters ?? []).filter((p) => p.in === 'query');
        if (query.length === names.size && query.every((p) => names.has(p.name as string))) {
          return { properties: Object.fromEntries(query.map((p) => [p.name, p.schema])) };
        }
      }
    }
    return undefined;
  }
});
