import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ANONYMOUS, type RequestContext, type UserCaller } from '@pc/contracts';
import { CallerCache, createLogger, logContext, readBearer, RemoteError } from '@pc/platform';
import { McpEnv } from '../mcp.env';
import { ToolKit } from '../tools/tool-kit';
import { ToolLimits } from '../tools/tool-limits';
import { TOOL_SETS, type ToolSet } from '../tools/tool-set';
import { jsonRpcError } from './json-rpc-error';
import { MCP_PATH } from './mcp-path';
import { bearerChallenge, requestOrigin } from './resource-metadata';

const log = createLogger('mcp');

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;
/** Bounds a call's arguments (array elements and object members together). */
const MAX_TOOL_INPUT_ELEMENTS = 1000;

export const SERVER_INFO = { name: 'policy-catalog', version: '1.0.0' } as const;

const INSTRUCTIONS =
  'Tools for the Policy Catalog: search and read gateway policies and API-governance rulesets ' +
  '(community ones by id, vendor ones by slug), their documentation and comments; evaluate an API ' +
  "specification against rulesets; read a workspace's governed APIs and their conformance; list, read, " +
  'submit and vote for policy ideas; follow your own submissions and notifications; list your ' +
  'workspaces, the connections you may deploy with and the organizations a connection reaches (their ids ' +
  'are what the other tools take); with a token that may write, plan a deployment (changing nothing). ' +
  'You act as the owner of the access token, with its scopes. A tool error says what to change in the call.';

/**
 * `/mcp`, stateless Streamable HTTP: every POST carries its bearer token and gets a server of its own
 * whose tools act as the token's owner. Checks, in order: the Origin (DNS rebinding and cross-site
 * requests), the token (401 with WWW-Authenticate), the method (only POST: no server-initiated streams).
 */
@Injectable()
export class McpEndpoint {
  constructor(
    private readonly callers: CallerCache,
    @Inject(McpEnv) private readonly env: McpEnv,
    @Inject(TOOL_SETS) private readonly toolSets: ToolSet[],
    private readonly limits: ToolLimits,
  ) {}

  async handle(req: IncomingMessage, res: ServerResponse, rawBody: string | undefined): Promise<void> {
    const given = req.headers['x-request-id'];
    const requestId = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    logContext.enterWith({ requestId });
    res.setHeader('x-request-id', requestId);
    const origin = req.headers.origin;
    if (origin !== undefined && !this.env.MCP_ALLOWED_ORIGINS.includes(origin)) {
      return reject(res, 403, `Origin ${origin} is not allowed`);
    }
    const caller = await this.authenticate(req, res, requestId);
    if (!caller) return;
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST');
      return reject(res, 405, 'Method not allowed: this server is stateless, send JSON-RPC with POST');
    }
    let body: unknown;
    try {
      body = rawBody === undefined || rawBody === '' ? undefined : JSON.parse(rawBody);
    } catch {
      return reject(res, 400, 'Parse error: the body is not valid JSON', -32700);
    }
    const started = Date.now();
    res.once('finish', () =>
      log.info(
        {
          requestId,
          userId: caller.userId,
          ...rpcSummary(body),
          status: res.statusCode,
          ms: Date.now() - started,
        },
        'mcp request',
      ),
    );
    await this.serve({ requestId, caller }, req, res, body);
  }

  /** The caller, or undefined when the answer (401, 503...) has been sent. */
  private async authenticate(
    req: IncomingMessage,
    res: ServerResponse,
    requestId: string,
  ): Promise<UserCaller | undefined> {
    const bearer = readBearer(req.headers.authorization);
    const origin = requestOrigin(req);
    if (bearer.kind === 'none') {
      res.setHeader('www-authenticate', bearerChallenge(origin, MCP_PATH));
      reject(
        res,
        401,
        'Authentication required: send a personal access token as "Authorization: Bearer <token>"',
      );
      return undefined;
    }
    const invalid = (message: string): undefined => {
      res.setHeader('www-authenticate', bearerChallenge(origin, MCP_PATH, { description: message }));
      reject(res, 401, message);
      return undefined;
    };
    if (bearer.kind === 'invalid') return invalid(bearer.message);
    try {
      const caller = await this.callers.resolveToken({ requestId, caller: ANONYMOUS }, bearer.token);
      if (caller.kind !== 'user') return invalid('The access token is invalid, expired or revoked');
      return caller;
    } catch (error) {
      const code = error instanceof RemoteError ? error.payload.code : 'INTERNAL';
      if (code === 'UNAUTHENTICATED' || code === 'IDENTITY.TOKEN_INVALID')
        return invalid('The access token is invalid, expired or revoked');
      if (code === 'TIMEOUT') reject(res, 504, 'The identity service did not answer in time');
      else if (code === 'SERVICE_UNAVAILABLE') reject(res, 503, 'The identity service is unavailable');
      else {
        log.error({ err: error, requestId }, 'token look-up failed');
        reject(res, 500, `Internal error (request ${requestId})`, -32603);
      }
      return undefined;
    }
  }

  private async serve(
    ctx: RequestContext & { caller: UserCaller },
    req: IncomingMessage,
    res: ServerResponse,
    body: unknown,
  ): Promise<void> {
    const server = new McpServer(SERVER_INFO, {
      instructions: INSTRUCTIONS,
      maxToolInputElements: MAX_TOOL_INPUT_ELEMENTS,
    });
    const kit = new ToolKit(server, ctx, this.limits);
    for (const set of this.toolSets) set.register(kit);
    kit.finish();
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res, body);
    } catch (error) {
      log.error({ err: error, requestId: ctx.requestId }, 'MCP request failed');
      if (!res.headersSent) reject(res, 500, `Internal error (request ${ctx.requestId})`, -32603);
    }
  }
}

/** What a request asked for, for the log: the JSON-RPC method and the tool's name, never arguments. */
function rpcSummary(body: unknown): { rpc?: string; tool?: string } {
  if (typeof body !== 'object' || body === null) return {};
  const { method, params } = body as { method?: unknown; params?: { name?: unknown } };
  return {
    ...(typeof method === 'string' ? { rpc: method.slice(0, 64) } : {}),
    ...(method === 'tools/call' && typeof params?.name === 'string'
      ? { tool: params.name.slice(0, 64) }
      : {}),
  };
}

/** A JSON-RPC error answer with an HTTP status, the shape MCP clients read. */
function reject(res: ServerResponse, status: number, message: string, code?: number): void {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(jsonRpcError(message, code)));
}
