import { EVALUATION_LIMITS } from '@pc/contracts';
import { buildOpenApiDocument } from '../openapi/openapi';
import { gatewayUnderTest } from '../testing/gateway-under-test';
import { BODY_LIMIT_BYTES } from './body-limit';

type Schema = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ID = '00000000-0000-4000-8000-000000000000';

/**
 * The body each route reads is as large as its request schema in the OpenAPI document allows: a route
 * whose DTO takes a 5 MiB specification reads a body that carries one, anonymously (the guard that then
 * answers 401 runs after the body is read, so anything but a 413 says the body was read); and a body over
 * a route's limit is a 413 that names that route's limit.
 */
describe("the gateway's body limit of each route", () => {
  // No service answers: nothing here gets past the guards.
  const gateway = gatewayUnderTest([]);

  it('reads the largest body the document allows on every route, the specification routes included', async () => {
    const document = buildOpenApiDocument(gateway.nest);
    const schemas = (document.components?.schemas ?? {}) as Record<string, Schema>;
    const large: string[] = [];
    const refused: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of ['post', 'put', 'patch'] as const) {
        const schema = (item[method]?.requestBody as Schema | undefined)?.content?.['application/json']
          ?.schema;
        const longest = schema ? longestString(schema, schemas) : undefined;
        if (!longest || longest.maxLength <= BODY_LIMIT_BYTES) continue;
        const route = `${method.toUpperCase()} ${path}`;
        large.push(route);
        const res = await fetch(`${gateway.url}${path.replace(/\{[^}]+\}/g, ID)}`, {
          method: method.toUpperCase(),
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(nest(longest.at, 'a'.repeat(longest.maxLength))),
        });
        await res.arrayBuffer();
        if (res.status === 413) refused.push(route);
      }
    }
    // The evaluation routes, the governed API's registration, documents and evaluations at least.
    expect(large).toEqual(
      expect.arrayContaining([
        'POST /api/ruleset-evaluations',
        'POST /api/workspaces/{id}/governed-apis',
        'POST /api/governed-apis/{id}/documents',
        'POST /api/governed-apis/{id}/evaluations',
      ]),
    );
    expect(refused).toEqual([]);
  });

  it("answers a body over its route's limit with 413 naming that limit", async () => {
    const overDocument = await gateway.fetch('POST', `/api/governed-apis/${ID}/documents`, {
      body: { content: 'a'.repeat(EVALUATION_LIMITS.requestBodyBytes) },
    });
    expect(overDocument.status).toBe(413);
    expect(overDocument.body.message).toBe(
      `The request body is too large: this route reads at most ${EVALUATION_LIMITS.requestBodyBytes} bytes`,
    );
    const overToken = await gateway.fetch('POST', '/api/tokens', {
      body: { name: 'a'.repeat(BODY_LIMIT_BYTES) },
    });
    expect(overToken.status).toBe(413);
    expect(overToken.body.message).toBe(
      `The request body is too large: this route reads at most ${BODY_LIMIT_BYTES} bytes`,
    );
  });
});

/** The string with the largest maxLength a schema holds, and the properties leading to it. */
function longestString(
  schema: Schema,
  schemas: Record<string, Schema>,
  at: string[] = [],
  seen = new Set<string>(),
): { maxLength: number; at: string[] } | undefined {
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.split('/').pop()!;
    if (seen.has(name)) return undefined;
    return longestString(schemas[name] ?? {}, schemas, at, new Set([...seen, name]));
  }
  const found: Array<{ maxLength: number; at: string[] } | undefined> = [];
  if (typeof schema.maxLength === 'number') found.push({ maxLength: schema.maxLength, at });
  for (const [key, property] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
    found.push(longestString(property, schemas, [...at, key], seen));
  }
  for (const part of [
    ...(schema.allOf ?? []),
    ...(schema.oneOf ?? []),
    ...(schema.anyOf ?? []),
  ] as Schema[]) {
    found.push(longestString(part, schemas, at, seen));
  }
  return found.reduce<{ maxLength: number; at: string[] } | undefined>(
    (best, one) => (one && (!best || one.maxLength > best.maxLength) ? one : best),
    undefined,
  );
}

/** `value` placed at the path of properties `at` in a body. */
function nest(at: string[], value: string): unknown {
  return at.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);
}
