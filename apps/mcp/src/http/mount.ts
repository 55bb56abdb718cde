import type { FastifyInstance } from 'fastify';
import type { McpEndpoint } from './mcp-endpoint';

export const MCP_PATH = '/mcp';
/** Largest JSON-RPC message accepted (the bus refuses larger ones anyway). */
const BODY_LIMIT = 1024 * 1024;

/**
 * Serves the tool server at `/mcp` on a Fastify instance: its own (distributed mode) or the gateway's
 * (embedded mode). In a plugin of its own, so that its body is read as text for the endpoint to parse
 * (a JSON-RPC parse error, not the gateway's error body) and the gateway's routes stay untouched.
 */
export async function mountMcp(fastify: FastifyInstance, endpoint: McpEndpoint): Promise<void> {
  await fastify.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    scope.route({
      method: ['GET', 'POST', 'DELETE'],
      url: MCP_PATH,
      handler: async (request, reply) => {
        reply.hijack();
        await endpoint.handle(request.raw, reply.raw, request.body as string | undefined);
      },
    });
    done();
  });
}
