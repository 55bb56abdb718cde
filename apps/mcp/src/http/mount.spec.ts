import Fastify, { type FastifyInstance } from 'fastify';
import type { McpEndpoint } from './mcp-endpoint';
import { mountMcp } from './mount';

/**
 * What `/mcp` answers before the endpoint sees a request: a body the HTTP layer refuses is answered as
 * JSON-RPC, the shape an MCP client reads, with the HTTP status saying why.
 */
describe('the tool server route', () => {
  let fastify: FastifyInstance;
  let handled = 0;

  beforeAll(async () => {
    fastify = Fastify();
    const endpoint = {
      handle: (_req: unknown, res: { statusCode: number; end(body: string): void }) => {
        handled++;
        res.statusCode = 200;
        res.end('{}');
        return Promise.resolve();
      },
    } as unknown as McpEndpoint;
    await mountMcp(fastify, endpoint);
    await fastify.ready();
  });

  afterAll(async () => {
    await fastify?.close();
  });

  const post = (payload: string, contentType = 'application/json') =>
    fastify.inject({ method: 'POST', url: '/mcp', headers: { 'content-type': contentType }, payload });

  it('answers a body over 1 MiB with 413 and a JSON-RPC error naming the limit, never reaching the endpoint', async () => {
    const before = handled;
    const call = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'evaluate_api', arguments: { content: 'x'.repeat(1024 * 1024) } },
    });
    const response = await post(call);
    expect(response.statusCode).toBe(413);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({
      jsonrpc: '2.0',
      error: {
        code: -32000,
        message: 'Payload Too Large: the request body must not exceed 1048576 bytes (1 MiB)',
      },
      id: null,
    });
    expect(handled).toBe(before);
  });

  it('answers a body that is not JSON with 415 and a JSON-RPC error, and passes a JSON one on', async () => {
    const response = await post('hello', 'text/plain');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      jsonrpc: '2.0',
      error: { code: -32000, message: 'Unsupported Media Type: Content-Type must be application/json' },
      id: null,
    });
    const before = handled;
    expect((await post('{"jsonrpc":"2.0","id":1,"method":"ping"}')).statusCode).toBe(200);
    expect(handled).toBe(before + 1);
  });
});
