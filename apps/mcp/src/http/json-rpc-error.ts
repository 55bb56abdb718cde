/**
 * A JSON-RPC error answer to a request whose id is not known (it was refused before it was read), the
 * shape MCP clients read whatever the HTTP status. -32000: the code the MCP SDK's transport gives its
 * HTTP-level refusals (an unsupported media type, a body too large).
 */
export function jsonRpcError(message: string, code = -32000) {
  return { jsonrpc: '2.0', error: { code, message }, id: null } as const;
}
