import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
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
 * per-user budget each call counts against (the compiler refuses a writing tool without one).
 */
type ScopeAndBudget =
  | { scope: Extract<Scope, 'api:read'>; budget?: never }
  | { scope: Extract<Scope, 'api:write'>; budget: ToolBudget };

export type ToolDefinition<I extends z.ZodRawShape, O extends z.ZodRawShape> = ScopeAndBudget & {
  title: string;
  description: string;
  input: I;
  output: O;
  /** Said truthfully: read-only tools are idempotent and never destructive. */
  annotations: Required<Pick<ToolAnnotations, 'readOnlyHint' | 'destructiveHint' | 'idempotentHint'>>;
  run(args: z.infer<z.ZodObject<I>>, ctx: RequestContext): Promise<ToolAnswer<z.infer<z.ZodObject<O>>>>;
};

/** The hints of every tool that only reads the catalog. */
export const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true } as const;

/**
 * Registers tools on one request's server, for one caller: each call checks the scope the tool needs,
 * runs it, and turns a service's error into a tool error whose text says what went wrong (a tool
 * error, never a protocol error, so the assistant can read it and correct itself).
 */
export class ToolKit {
  constructor(
    private readonly server: McpServer,
    private readonly ctx: RequestContext & { caller: UserCaller },
    private readonly limits: ToolLimits,
  ) {}

  define<I extends z.ZodRawShape, O extends z.ZodRawShape>(name: string, tool: ToolDefinition<I, O>): void {
    const run = async (args: z.infer<z.ZodObject<I>>): Promise<CallToolResult> => {
      if (!this.ctx.caller.scopes.includes(tool.scope)) {
        return toolError(
          `This token lacks the ${tool.scope} scope, which ${name} needs: create a token with ${tool.scope}.`,
        );
      }
      try {
        if (tool.budget) this.limits.take(tool.budget, this.ctx.caller.userId);
        const { data, text } = await tool.run(args, this.ctx);
        return { content: [{ type: 'text', text }], structuredContent: data };
      } catch (error) {
        return toolError(describe(error, name, this.ctx.requestId));
      }
    };
    this.server.registerTool(
      name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        outputSchema: tool.output,
        annotations: { title: tool.title, openWorldHint: false, ...tool.annotations },
      },
      // The SDK has validated the arguments against `input` before this runs.
      run as never,
    );
  }
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
