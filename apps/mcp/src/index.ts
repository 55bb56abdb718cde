export { McpEnv } from './mcp.env';
export { createMcpApp, mountMcpOn } from './mcp.app';
export { MCP_PATH } from './http/mount';
