/** The MCP stdio transport, both sides: a child process (client) and our own stdin/stdout (server). */
export { StdioClientTransport } from './stdioClient.js';
export { StdioServerTransport } from './stdioServer.js';
//# sourceMappingURL=stdio.js.map