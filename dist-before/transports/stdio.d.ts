/** The MCP stdio transport, both sides: a child process (client) and our own stdin/stdout (server). */
export { type StdioClientOptions, StdioClientTransport } from './stdioClient.js';
export { type StdioServerOptions, StdioServerTransport } from './stdioServer.js';
