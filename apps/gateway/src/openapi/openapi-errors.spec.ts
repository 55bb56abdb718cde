import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { InProcessBroker, loadEnv, setLogLevel } from '@pc/platform';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { createGateway } from '../gateway.app';
import { GatewayEnv } from '../gateway.env';

type Operation = {
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
  security?: Array<Record<string, string[]>>;
  parameters?: unknown[];
  requestBody?: unknown;
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/**
 * Every operation of the document lists the error statuses it can answer, each with the common error
 * body as JSON; and what the gateway really answers to a bodiless write and the health probes is among
 * them (no service behind it here: the bus has no subscriber).
 */
describe('the error responses of the OpenAPI document', () => {
  let app: INestApplication;
  let fastify: FastifyInstance;
  let document: OpenAPIObject;

  beforeAll(async () => {
    setLogLevel('error');
    const built = await createGateway(loadEnv(GatewayEnv, { LOG_LEVEL: 'error' }), {
      kind: 'in-process',
      broker: new InProcessBroker(),
      prefix: '',
      timeoutMs: 1000,
    });
    app = built.app;
    document = built.document;
    await app.init();
    fastify = app.getHttpAdapter().getInstance() as FastifyInstance;
  });
  afterAll(() => app.close());

  const operations = (): Array<{ name: string; method: string; path: string; op: Operation }> =>
    Object.entries(document.paths).flatMap(([path, item]) =>
      METHODS.filter((m) => item[m]).map((method) => ({
        name: `${method.toUpperCase()} ${path}`,
        method,
        path,
        op: item[method] as Operation,
      })),
    );

  const errorsOf = (op: Operation) => Object.keys(op.responses).filter((s) => /^[45]\d\d$/.test(s));

  it('gives every operation its error statuses, each with the error body', () => {
    const problems: string[] = [];
    for (const { name, method, op } of operations()) {
      const errors = errorsOf(op);
      const need = new Set(['431', '503']);
      const security = op.security ?? [];
      if (security.length > 0 && !security.some((s) => Object.keys(s).length === 0)) need.add('401');
      if (security.some((s) => 'token' in s) && method !== 'get') need.add('403');
      if ((op.parameters ?? []).length > 0 || method !== 'get') need.add('400');
      if (method !== 'get') ['413', '415'].forEach((s) => need.add(s));
      for (const status of need) if (!errors.includes(status)) problems.push(`${name}: no ${status}`);
      for (const status of errors) {
        const ref = op.responses[status].content?.['application/json']?.schema?.$ref;
        if (ref !== '#/components/schemas/ErrorBodyDto')
          problems.push(`${name}: ${status} without the error body`);
      }
    }
    expect(operations().length).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  });

  it('documents the errors of sign-out and the health probes', () => {
    const statuses = (path: string, method: 'get' | 'post') =>
      errorsOf(document.paths[path][method] as Operation).sort();
    expect(statuses('/api/auth/logout', 'post')).toEqual(['400', '413', '415', '431', '503', '504']);
    expect(statuses('/health/live', 'get')).toEqual(['431', '503']);
    expect(statuses('/health/ready', 'get')).toEqual(['431', '503']);
  });

  it("lists the evaluator's refusals, with Retry-After, on the routes that validate a ruleset repository (a pin too) or parse a governed API's document", () => {
    type Response = { description?: string; headers?: Record<string, unknown> };
    for (const [path, method] of [
      ['/api/ruleset-submissions/validate', 'post'],
      ['/api/ruleset-submissions', 'post'],
      ['/api/ruleset-submissions/{id}', 'patch'],
      ['/api/rulesets/{id}/pin', 'post'],
      ['/api/workspaces/{id}/governed-apis', 'post'],
      ['/api/governed-apis/{id}/documents', 'post'],
    ] as const) {
      const responses = (document.paths[path][method] as { responses: Record<string, Response> }).responses;
      expect({ path, share: responses['429']?.headers }).toEqual({
        path,
        share: { 'Retry-After': expect.anything() },
      });
      expect({ path, busy: responses['503']?.description }).toEqual({
        path,
        busy: expect.stringContaining('Every evaluator is busy (Retry-After)'),
      });
    }
  });

  it("declares the Retry-After header of the evaluator's 503 on every route whose work runs on it", () => {
    type Response = { headers?: Record<string, unknown> };
    for (const [path, method] of [
      ['/api/ruleset-submissions/validate', 'post'],
      ['/api/ruleset-submissions', 'post'],
      ['/api/ruleset-submissions/{id}', 'patch'],
      ['/api/rulesets/{id}/pin', 'post'],
      ['/api/rulesets/{id}/evaluations', 'post'],
      ['/api/vendor-rulesets/{slug}/evaluations', 'post'],
      ['/api/ruleset-evaluations', 'post'],
      ['/api/governed-apis/{id}/evaluations', 'post'],
      ['/api/workspaces/{id}/governed-apis', 'post'],
      ['/api/governed-apis/{id}/documents', 'post'],
    ] as const) {
      const responses = (document.paths[path][method] as { responses: Record<string, Response> }).responses;
      expect({ path, busy: responses['503']?.headers }).toEqual({
        path,
        busy: { 'Retry-After': expect.objectContaining({ schema: { type: 'integer', minimum: 1 } }) },
      });
    }
  });

  /** Sends a request and checks its status is one the document lists for the operation. */
  async function answer(path: string, method: 'get' | 'post', request: InjectOptions): Promise<number> {
    const res = await fastify.inject({ url: path, method: method.toUpperCase() as 'GET', ...request });
    const listed = Object.keys((document.paths[path][method] as Operation).responses);
    expect({ path, status: res.statusCode, listed: listed.includes(String(res.statusCode)) }).toEqual({
      path,
      status: res.statusCode,
      listed: true,
    });
    if (res.statusCode >= 400) expect(JSON.parse(res.body)).toMatchObject({ statusCode: res.statusCode });
    return res.statusCode;
  }

  it('answers sign-out, liveness and readiness only with documented statuses', async () => {
    const json = { 'content-type': 'application/json' };
    expect(await answer('/api/auth/logout', 'post', {})).toBe(200);
    expect(await answer('/api/auth/logout', 'post', { headers: json, payload: '{not json' })).toBe(400);
    expect(await answer('/api/auth/logout', 'post', { headers: json, payload: 'x'.repeat(1_100_000) })).toBe(
      413,
    );
    expect(
      await answer('/api/auth/logout', 'post', { headers: { 'content-type': 'text/plain' }, payload: 'x' }),
    ).toBe(415);
    // A session cookie to end, with nobody behind the bus to end it.
    expect(await answer('/api/auth/logout', 'post', { headers: { cookie: 'sb-access-token=abc' } })).toBe(
      503,
    );
    expect(await answer('/health/live', 'get', {})).toBe(200);
    expect(await answer('/health/ready', 'get', {})).toBe(503);
  });

  it('answers headers over 16 KiB with 431 and the error body, on a public route as on any', async () => {
    await app.listen(0, '127.0.0.1');
    const base = await app.getUrl();
    for (const path of ['/health/live', '/api/provenance/keys', '/api/policies']) {
      const res = await fetch(`${base}${path}`, { headers: { 'x-padding': 'a'.repeat(17 * 1024) } });
      expect({ path, status: res.status }).toEqual({ path, status: 431 });
      expect(await res.json()).toMatchObject({ statusCode: 431, error: 'Request Header Fields Too Large' });
      expect(Object.keys((document.paths[path].get as Operation).responses)).toContain('431');
    }
  });
});
