/** Where the tool server answers, on its own port or the gateway's. */
export const MCP_PATH = '/mcp';
