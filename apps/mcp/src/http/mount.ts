import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { McpEndpoint } from './mcp-endpoint';
import { MCP_PATH } from './mcp-path';
import { METADATA_PATH, protectedResourceMetadata, requestOrigin } from './resource-metadata';

export { MCP_PATH };
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
    // RFC 9728: the metadata of the resource `/mcp`, at the well-known root and path-inserted.
    scope.route({
      method: 'GET',
      url: METADATA_PATH,
      handler: metadata,
    });
    scope.route({
      method: 'GET',
      url: `${METADATA_PATH}${MCP_PATH}`,
      handler: metadata,
    });
    done();
  });
}

function metadata(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply
    .header('cache-control', 'public, max-age=3600')
    .header('access-control-allow-origin', '*')
    .type('application/json')
    .send(protectedResourceMetadata(requestOrigin(request.raw), MCP_PATH));
}
