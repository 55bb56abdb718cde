import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createLogger } from '@pc/platform';
import { jsonRpcError } from './json-rpc-error';
import type { McpEndpoint } from './mcp-endpoint';
import { MCP_PATH } from './mcp-path';
import { METADATA_PATH, protectedResourceMetadata, requestOrigin } from './resource-metadata';

export { MCP_PATH };
/** Largest JSON-RPC message accepted (the bus refuses larger ones anyway). */
const BODY_LIMIT = 1024 * 1024;

const log = createLogger('mcp');

/**
 * Serves the tool server at `/mcp` on a Fastify instance: its own (distributed mode) or the gateway's
 * (embedded mode). In a plugin of its own, so that its body is read as text for the endpoint to parse
 * (a JSON-RPC parse error, not the gateway's error body) and the gateway's routes stay untouched; what
 * the HTTP layer refuses before the endpoint (a body too large, not JSON) is a JSON-RPC error too.
 */
export async function mountMcp(fastify: FastifyInstance, endpoint: McpEndpoint): Promise<void> {
  await fastify.register((scope, _options, done) => {
    scope.setErrorHandler(refused);
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

/** A request the HTTP layer refused (its body), answered as JSON-RPC with the HTTP status saying why. */
function refused(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const status = error.statusCode !== undefined && error.statusCode >= 400 ? error.statusCode : 500;
  let message: string;
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    message = `Payload Too Large: the request body must not exceed ${BODY_LIMIT} bytes (1 MiB)`;
  else if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    message = 'Unsupported Media Type: Content-Type must be application/json';
  else if (status < 500) message = error.message;
  else {
    log.error({ err: error, url: request.url }, 'MCP request failed before the endpoint');
    message = 'Internal error';
  }
  return reply
    .status(status)
    .type('application/json')
    .send(jsonRpcError(message, status < 500 ? undefined : -32603));
}

function metadata(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply
    .header('cache-control', 'public, max-age=3600')
    .header('access-control-allow-origin', '*')
    .type('application/json')
    .send(protectedResourceMetadata(requestOrigin(request.raw), MCP_PATH));
}
