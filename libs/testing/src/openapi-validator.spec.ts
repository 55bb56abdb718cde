import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OpenApiValidator, type OpenApiDocument } from './openapi-validator';

const document: OpenApiDocument = {
  openapi: '3.1.0',
  paths: {
    '/api/things/{id}': {
      get: {
        responses: {
          '200': {
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ThingEnvelope' } } },
          },
          '404': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        },
      },
    },
    '/api/things/special': {
      get: { responses: { '204': { description: 'nothing' } } },
    },
  },
  components: {
    schemas: {
      Thing: {
        type: 'object',
        properties: {
          id: { type: 'string', format: 'uuid' },
          note: { type: ['string', 'null'], example: 'hi' },
        },
        required: ['id', 'note'],
      },
      ThingEnvelope: {
        type: 'object',
        properties: { thing: { $ref: '#/components/schemas/Thing' } },
        required: ['thing'],
      },
      Error: {
        type: 'object',
        properties: { statusCode: { type: 'number' }, message: { type: 'string' } },
        required: ['statusCode', 'message'],
      },
    },
  },
};

const validator = new OpenApiValidator(document);
const url = (path: string) => new URL(path, 'http://127.0.0.1');
const json = 'application/json; charset=utf-8';
const id = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('OpenApiValidator', () => {
  it('accepts a body that matches the schema of its operation and status', () => {
    const body = JSON.stringify({ thing: { id, note: null } });
    expect(validator.check('GET', url(`/api/things/${id}`), 200, json, body)).toEqual([]);
  });

  it('reports a status the operation does not list', () => {
    const problems = validator.check('GET', url(`/api/things/${id}`), 500, json, '{}');
    expect(problems.join()).toMatch(/answered 500, which the document does not list/);
  });

  it('reports a wrong type, a bad format, a missing field and an undescribed field', () => {
    const check = (thing: unknown) =>
      validator.check('GET', url(`/api/things/${id}`), 200, json, JSON.stringify({ thing })).join('\n');
    expect(check({ id, note: 3 })).toMatch(/\/thing\/note must be string,null/);
    expect(check({ id: 'x', note: null })).toMatch(/\/thing\/id must match format "uuid"/);
    expect(check({ id })).toMatch(/must have required property 'note'/);
    expect(check({ id, note: null, secret: 'x' })).toMatch(/must NOT have additional properties/);
  });

  it('prefers a literal path over a template, and ignores routes the document does not have', () => {
    expect(validator.check('GET', url('/api/things/special'), 204, null, '')).toEqual([]);
    expect(validator.check('GET', url('/api/nowhere'), 404, json, '{}')).toEqual([]);
  });

  it('reports a body where the document describes none, and a body that is not JSON', () => {
    expect(validator.check('GET', url('/api/things/special'), 204, json, '{}').join()).toMatch(/no body/);
    expect(validator.check('GET', url(`/api/things/${id}`), 404, json, 'oops').join()).toMatch(/not JSON/);
  });
});

describe('validatorFor', () => {
  /** A gateway stand-in serving `served` at /api/openapi.json. */
  async function serve(served: OpenApiDocument): Promise<{ url: string; server: Server }> {
    const server = createServer((req, res) => {
      res.writeHead(req.url === '/api/openapi.json' ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(served));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
  }

  /** This module as another test file of the same Jest worker loads it: a module registry of its own. */
  function anotherFile(): typeof import('./openapi-validator') {
    let loaded: typeof import('./openapi-validator') | undefined;
    jest.isolateModules(() => {
      loaded = jest.requireActual<typeof import('./openapi-validator')>('./openapi-validator');
    });
    return loaded!;
  }

  it("gives a later test file the validator (and compiled schemas) an earlier one built for the same document, and another document's its own", async () => {
    const same = await serve(document);
    const other = await serve({
      ...document,
      paths: { '/api/things/special': document.paths['/api/things/special'] },
    });
    try {
      const first = anotherFile();
      const second = anotherFile();
      expect(second.validatorFor).not.toBe(first.validatorFor);
      const built = await first.validatorFor(same.url);
      expect(built).toBeInstanceOf(first.OpenApiValidator);
      expect(await second.validatorFor(same.url)).toBe(built);
      // It checks for the later file as for the earlier one.
      const body = JSON.stringify({ thing: { id, note: 3 } });
      expect(
        (await second.validatorFor(same.url))!.check('GET', url(`/api/things/${id}`), 200, json, body).join(),
      ).toMatch(/\/thing\/note must be string,null/);
      const another = await second.validatorFor(other.url);
      expect(another).not.toBe(built);
      expect(another!.check('GET', url(`/api/things/${id}`), 500, json, '{}')).toEqual([]);
    } finally {
      same.server.close();
      other.server.close();
    }
  });
});
