import { type McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  type CallToolResult,
  ErrorCode,
  ListResourcesRequestSchema,
  type ListResourcesResult,
  McpError,
  type ReadResourceResult,
  type Resource,
  type ToolAnnotations,
} from '@modelcontextprotocol/sdk/types.js';
import type { RequestContext, Scope, UserCaller } from '@pc/contracts';
import { createLogger, RemoteError } from '@pc/platform';
import { z } from 'zod';
import type { ToolBudget, ToolLimits } from './tool-limits';

const log = createLogger('mcp');

/** What a tool answers: the structured result (matching its output schema) and a short text for people. */
export interface ToolAnswer<O> {
  data: O;
  text: string;
}

/**
 * `api:read` for tools that only read; `api:write` for tools that change something, which name the
 * per-user budget each call counts against (the compiler refuses a writing tool without one). A reading
 * tool that is expensive (it runs the evaluation engines) names its budget too. A dry run of a write
 * (`dryRunOf`: the REST route it is the dry run of) changes nothing, so it has no budget, but needs the
 * scope that route needs: a token REST refuses it to never gets it here either.
 */
type ScopeAndBudget =
  | { scope: Extract<Scope, 'api:read'>; budget?: ToolBudget }
  | { scope: Extract<Scope, 'api:write'>; budget: ToolBudget }
  | { scope: Extract<Scope, 'api:write'>; budget?: undefined; dryRunOf: string };

export type ToolDefinition<I extends z.ZodRawShape, O extends z.ZodRawShape> = ScopeAndBudget & {
  title: string;
  description: string;
  input: I;
  output: O;
  /** Said truthfully: read-only tools are idempotent and never destructive. */
  /** `openWorldHint` is false unless a tool that reads an outside system says so. */
  annotations: Required<Pick<ToolAnnotations, 'readOnlyHint' | 'destructiveHint' | 'idempotentHint'>> &
    Pick<ToolAnnotations, 'openWorldHint'>;
  run(args: z.infer<z.ZodObject<I>>, ctx: RequestContext): Promise<ToolAnswer<z.infer<z.ZodObject<O>>>>;
};

/**
 * A kind of catalog entry served as MCP resources (`policy-catalog://<path>/{key}`): listed page by
 * page in resources/list, read by URI with resources/read. Reading needs `api:read`, like the tools.
 */
export interface ResourceCollection {
  /** The URI path segment, e.g. `policies` for `policy-catalog://policies/{id}`. */
  path: string;
  title: string;
  description: string;
  /** What the URI's last segment must look like (an id, a slug); others are "not found". */
  key: RegExp;
  /**
   * One page of entries after `after` (undefined: from the start; otherwise a `next` this function
   * returned), at most `limit` of them; `next` is null on the last page.
   */
  list(
    after: string | undefined,
    limit: number,
    ctx: RequestContext,
  ): Promise<{ items: Array<{ key: string; name: string; description?: string }>; next: string | null }>;
  /** The entry as Markdown (for people and assistants) and as JSON (the matching tool's shape). */
  read(key: string, ctx: RequestContext): Promise<{ markdown: string; json: unknown }>;
}

type ResourcePage = Awaited<ReturnType<ResourceCollection['list']>>;

export const RESOURCE_SCHEME = 'policy-catalog';
/** Entries per resources/list page (a picker shows a few at a time; the cursor brings the rest). */
export const RESOURCE_PAGE = 10;
/** Longest cursor accepted back from a client. */
const CURSOR_MAX = 1024;

/** The hints of every tool that only reads the catalog. */
export const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true } as const;

/**
 * Registers tools on one request's server, for one caller: only the tools the caller's token has the
 * scope for (a read-only token lists and calls no tool that writes; a call of one says the scope it
 * needs); each call runs the tool, and turns a service's error into a tool error whose text says what
 * went wrong (a tool error, never a protocol error, so the assistant can read it and correct itself).
 */
export class ToolKit {
  private readonly collections: ResourceCollection[] = [];
  private tools = 0;
  /** The tools the caller's token lacks the scope for, with that scope. */
  private readonly withheld = new Map<string, Scope>();

  constructor(
    private readonly server: McpServer,
    private readonly ctx: RequestContext & { caller: UserCaller },
    private readonly limits: ToolLimits,
  ) {}

  /** Serves a kind of entry as resources: a URI template to read by, and pages in resources/list. */
  collection(collection: ResourceCollection): void {
    if (!this.ctx.caller.scopes.includes('api:read')) return;
    this.collections.push(collection);
    const prefix = `${RESOURCE_SCHEME}://${collection.path}/`;
    this.server.registerResource(
      collection.path,
      new ResourceTemplate(`${prefix}{key}`, { list: undefined }),
      { title: collection.title, description: collection.description },
      async (uri, { key }): Promise<ReadResourceResult> => {
        const value = Array.isArray(key) ? key[0] : key;
        if (typeof value !== 'string' || !collection.key.test(value)) throw notFound(uri.href);
        let entry: { markdown: string; json: unknown };
        try {
          entry = await collection.read(value, this.ctx);
        } catch (error) {
          if (error instanceof RemoteError && error.payload.code === 'NOT_FOUND') throw notFound(uri.href);
          throw new McpError(
            ErrorCode.InternalError,
            describe(error, `resource ${uri.href}`, this.ctx.requestId),
          );
        }
        return {
          contents: [
            { uri: uri.href, mimeType: 'text/markdown', text: entry.markdown },
            { uri: uri.href, mimeType: 'application/json', text: JSON.stringify(entry.json) },
          ],
        };
      },
    );
  }

  /**
   * Call once every set has registered. Replaces the SDK's resources/list (which has no paging) with
   * one that pages through the collections in order: the cursor names a collection and the position
   * in it, opaque to clients. Then makes every method answer params not of its shape with -32602, and
   * says that the lists never change.
   */
  finish(): void {
    if (this.collections.length > 0) this.pageResources();
    answerWithheldToolsWithTheirScope(this.server, this.withheld, this.ctx.caller.scopes);
    answerMalformedParamsAsInvalid(this.server);
    // The SDK advertises `listChanged: true` for tools and resources. A server lives for one request
    // and its lists are fixed when it starts (a token's scopes never change), so it never sends a
    // list_changed notification, and says so.
    this.server.server.registerCapabilities({
      ...(this.tools > 0 ? { tools: { listChanged: false } } : {}),
      ...(this.collections.length > 0 ? { resources: { listChanged: false } } : {}),
    });
  }

  private pageResources(): void {
    this.server.server.setRequestHandler(ListResourcesRequestSchema, async (request) => {
      let at: Position | undefined = decodeCursor(request.params?.cursor, this.collections.length);
      const resources: Resource[] = [];
      while (at !== undefined && resources.length < RESOURCE_PAGE) {
        const collection: ResourceCollection = this.collections[at.index];
        const page: ResourcePage = await collection
          .list(at.after, RESOURCE_PAGE - resources.length, this.ctx)
          .catch((error: unknown) => {
            if (error instanceof McpError) throw error;
            if (error instanceof RemoteError && error.payload.code === 'BAD_REQUEST')
              throw new McpError(ErrorCode.InvalidParams, 'Invalid cursor: pass a nextCursor as given');
            throw new McpError(
              ErrorCode.InternalError,
              describe(error, 'resources/list', this.ctx.requestId),
            );
          });
        for (const item of page.items) {
          resources.push({
            uri: `${RESOURCE_SCHEME}://${collection.path}/${item.key}`,
            name: item.name,
            ...(item.description ? { description: item.description } : {}),
            mimeType: 'text/markdown',
          });
        }
        if (page.next !== null) at = { index: at.index, after: page.next };
        else
          at = at.index + 1 < this.collections.length ? { index: at.index + 1, after: undefined } : undefined;
      }
      const result: ListResourcesResult = { resources };
      if (at !== undefined) result.nextCursor = encodeCursor(at);
      return result;
    });
  }

  define<I extends z.ZodRawShape, O extends z.ZodRawShape>(name: string, tool: ToolDefinition<I, O>): void {
    // A token without the scope is not offered the tool (not in tools/list); a call says the scope.
    if (!this.ctx.caller.scopes.includes(tool.scope)) {
      this.withheld.set(name, tool.scope);
      return;
    }
    this.tools++;
    const input = strictInput(name, tool.input);
    const run = async (args: z.infer<typeof input>): Promise<CallToolResult> => {
      try {
        if (tool.budget) await this.limits.take(tool.budget, this.ctx.caller.userId);
        const { data, text } = await tool.run(args, this.ctx);
        return { content: [{ type: 'text', text }], structuredContent: data };
      } catch (error) {
        return toolError(describe(error, name, this.ctx.requestId));
      }
    };
    this.server.registerTool<O, typeof input>(
      name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: input,
        outputSchema: tool.output,
        annotations: { title: tool.title, openWorldHint: false, ...tool.annotations },
      },
      // The SDK has validated the arguments against `input` before this runs.
      run,
    );
  }
}

/**
 * A tool's input as a strict object: an argument it does not take (a typo, a REST field's name) is
 * refused, naming it and the arguments the tool takes, where a plain object would drop it and answer as
 * if it had not been given. The listed input schema says so (`additionalProperties: false`).
 */
function strictInput<I extends z.ZodRawShape>(tool: string, input: I): z.ZodObject<I, z.core.$strict> {
  const takes = Object.keys(input);
  return z.strictObject(input, {
    error: (issue) => {
      if (issue.code !== 'unrecognized_keys') return undefined;
      const unknown = issue.keys.join(', ');
      const accepted = takes.length > 0 ? `${tool} takes ${takes.join(', ')}` : `${tool} takes none`;
      return `unknown argument${issue.keys.length === 1 ? '' : 's'} ${unknown}: ${accepted}`;
    },
  });
}

type RequestHandler = (request: unknown, extra: unknown) => Promise<unknown>;

/**
 * The SDK's request handlers by method, which it keeps in a private map (version 1.x, pinned in the lock
 * file; the spec of the tool kit holds this). Its public API (1.32.2, the package's latest) cannot do what
 * the two wrappers below do: `setRequestHandler` replaces a handler and nothing hands back the one
 * McpServer installed (to delegate to); its own parse of a request's params, before any handler runs,
 * answers -32603 (the SDK's open issue 2284); and a disabled tool, the one way to keep a registered tool
 * out of tools/list, answers a fixed `Tool <name> disabled`. Answering ahead of the SDK on the transport
 * would be its dispatch and params validation written again.
 */
function requestHandlers(server: McpServer): Map<string, RequestHandler> {
  const handlers = (server.server as unknown as { _requestHandlers?: Map<string, RequestHandler> })
    ._requestHandlers;
  if (!(handlers instanceof Map)) throw new Error('The MCP SDK keeps its request handlers elsewhere');
  return handlers;
}

/**
 * A tool the caller's token lacks the scope for stays out of tools/list (a read-only assistant is
 * offered no tool that writes), but a call of it answers a tool error naming the scope it needs, where
 * the SDK would answer `Tool <name> not found` as for a tool that does not exist.
 */
function answerWithheldToolsWithTheirScope(
  server: McpServer,
  withheld: ReadonlyMap<string, Scope>,
  scopes: readonly Scope[],
): void {
  const handlers = requestHandlers(server);
  const call = handlers.get('tools/call');
  if (call === undefined || withheld.size === 0) return;
  handlers.set('tools/call', (request, extra) => {
    const name = (request as { params?: { name?: unknown } } | undefined)?.params?.name;
    const scope = typeof name === 'string' ? withheld.get(name) : undefined;
    if (scope === undefined) return call(request, extra);
    return Promise.resolve(
      toolError(
        `Tool ${name as string} needs a token with the ${scope} scope, and this token has ` +
          `${scopes.join(', ') || 'none'}: create one with ${scope} in the dashboard or with POST /api/tokens`,
      ),
    );
  });
}

/**
 * The SDK parses each request's params against its method's schema before the handler runs, and
 * answers a mismatch (`arguments: null`, a numeric `uri` or `cursor`, no `params` to tools/call) with
 * -32603, internal error, as its parse error has no code. It is the client's mistake: -32602, invalid
 * params, naming what is wrong. Only that parse throws a ZodError out of a handler: tools turn their
 * own failures into tool errors and resource reads into McpErrors.
 */
function answerMalformedParamsAsInvalid(server: McpServer): void {
  const handlers = requestHandlers(server);
  for (const [method, handler] of handlers) {
    handlers.set(method, async (request, extra) => {
      try {
        return await handler(request, extra);
      } catch (error) {
        if (!(error instanceof z.core.$ZodError)) throw error;
        const problems = error.issues.map(
          (issue) => `${issue.path.map(String).join('.') || 'the request'}: ${issue.message}`,
        );
        throw new McpError(ErrorCode.InvalidParams, `Invalid params for ${method}: ${problems.join('; ')}`);
      }
    });
  }
}

interface Position {
  index: number;
  after: string | undefined;
}

function encodeCursor(at: Position): string {
  return Buffer.from(JSON.stringify([at.index, at.after ?? null])).toString('base64url');
}

/** The position a cursor names; the start without one; -32602 for one this server did not give. */
function decodeCursor(cursor: string | undefined, collections: number): Position {
  if (cursor === undefined) return { index: 0, after: undefined };
  const invalid = new McpError(ErrorCode.InvalidParams, 'Invalid cursor: pass a nextCursor as given');
  if (cursor.length > CURSOR_MAX) throw invalid;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid;
  }
  if (!Array.isArray(value) || value.length !== 2) throw invalid;
  const [index, after] = value as [unknown, unknown];
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= collections)
    throw invalid;
  if (after !== null && typeof after !== 'string') throw invalid;
  return { index, after: after ?? undefined };
}

/**
 * For collections paged by offset: the offset an `after` names (0 without one), refused past `max`.
 * Pair with `String(offset + items)` as `next`.
 */
export function offsetOf(after: string | undefined, max: number): number {
  if (after === undefined) return 0;
  const offset = /^\d{1,9}$/.test(after) ? Number(after) : NaN;
  if (!(offset <= max))
    throw new McpError(ErrorCode.InvalidParams, 'Invalid cursor: pass a nextCursor as given');
  return offset;
}

/** A catalog entry as Markdown: its name, facts as a list, its text, then its documentation tabs. */
export function entryMarkdown(
  name: string,
  facts: Array<[string, string | number | null | undefined]>,
  body: string,
  tabs: Array<{ title: string; bodyMd: string }> = [],
): string {
  const list = facts
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `- ${k}: ${v}`);
  return [`# ${name}`, list.join('\n'), body, ...tabs.map((t) => `## ${t.title}\n\n${t.bodyMd}`)]
    .filter((part) => part.trim() !== '')
    .join('\n\n');
}

function notFound(uri: string): McpError {
  // -32002 is the specification's "Resource not found".
  return new McpError(-32002, `Resource ${uri} not found`);
}

function toolError(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

function describe(error: unknown, tool: string, requestId: string): string {
  if (error instanceof RemoteError) {
    const payload = error.payload;
    const { code, message, details } = payload;
    const fields = details?.map((d) => `${d.field} ${d.message}`).join('; ');
    const text = `${message}${fields ? ` (${fields})` : ''}`;
    if (code === 'SERVICE_UNAVAILABLE' || code === 'TIMEOUT')
      return `A service this tool needs is unavailable right now (${code}); try again shortly.`;
    if (code === 'INTERNAL') return `Internal error (request ${requestId}).`;
    if (code === 'RATE_LIMITED' && payload.retryAfter !== undefined)
      return `${text} [${code}; retry after ${payload.retryAfter} s]`;
    return `${text} [${code}]`;
  }
  log.error({ err: error, tool, requestId }, 'tool failed');
  return `Internal error (request ${requestId}).`;
}
