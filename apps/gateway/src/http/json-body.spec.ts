import Fastify, { type FastifyInstance } from 'fastify';
import { registerJsonBodyParser } from './json-body';

describe('the JSON body parser', () => {
  let fastify: FastifyInstance;

  beforeAll(async () => {
    fastify = Fastify();
    registerJsonBodyParser(fastify);
    fastify.post('/echo', (request) => ({ body: request.body }));
    await fastify.ready();
  });
  afterAll(() => fastify.close());

  const post = (headers: Record<string, string>) =>
    fastify.inject({ method: 'POST', url: '/echo', headers, payload: '{"name":"a"}' });

  it.each([
    'application/json; charset=utf-8',
    'application/json; charset="utf-8"',
    'application/json; charset=UTF-8',
    'application/json;charset="utf8"',
  ])('reads a UTF-8 body sent as %s', async (contentType) => {
    const res = await post({ 'content-type': contentType });
    expect({ status: res.statusCode, body: res.json<unknown>() }).toEqual({
      status: 200,
      body: { body: { name: 'a' } },
    });
  });

  it.each(['identity', 'IDENTITY', ' Identity '])(
    'reads a body with Content-Encoding %s',
    async (encoding) => {
      const res = await post({ 'content-type': 'application/json', 'content-encoding': encoding });
      expect(res.statusCode).toBe(200);
    },
  );

  it('refuses another charset and another encoding with 415', async () => {
    expect((await post({ 'content-type': 'application/json; charset="latin1"' })).statusCode).toBe(415);
    expect((await post({ 'content-type': 'application/json', 'content-encoding': 'gzip' })).statusCode).toBe(
      415,
    );
  });
});
