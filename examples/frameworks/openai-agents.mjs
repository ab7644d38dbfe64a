// The OpenAI Agents SDK (`@openai/agents` 0.20) on mcp-mux used as a library:
//   node examples/frameworks/openai-agents.mjs [path/to/mcp-mux/dist/index.js]
// 1. In process: the Agents SDK's MCP server classes own their transport (stdio, SSE,
//    Streamable HTTP) and take no custom one, so the closest is its MCPServer interface
//    implemented by a few lines over an MCP SDK Client on the client end of a memory pair
//    (toSdkTransport); getAllMcpTools turns it into FunctionTools like any other server.
// 2. Over HTTP: the Agents SDK's own MCPServerStreamableHttp against the router's Streamable
//    HTTP facade on 127.0.0.1 (ephemeral port).
// Each part lists the tools and runs one through FunctionTool.invoke(runContext, json). No model.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getAllMcpTools, MCPServerStreamableHttp, RunContext } from '@openai/agents';

const here = dirname(fileURLToPath(import.meta.url));
const entry = process.argv[2] ?? resolve(here, '../../dist/index.js');
const { createHttpHandler, createMemoryPair, createRouter, serveOn, toSdkTransport } = await import(
  pathToFileURL(entry).href
);
const everything = createRequire(import.meta.url).resolve(
  '@modelcontextprotocol/server-everything/dist/index.js',
);

const router = createRouter({
  mcpServers: { everything: { command: process.execPath, args: [everything, 'stdio'] } },
  mcpMux: { logLevel: 'error', shutdownGraceMs: 500 },
});
await router.start();

/** The Agents SDK MCPServer interface over an SDK Client connected to the router in process. */
class InProcessMcpServer {
  name = 'mux';
  cacheToolsList = false;
  #client = new Client({ name: 'openai-agents-in-process', version: '1.0.0' });
  async connect() {
    const [clientEnd, routerEnd] = createMemoryPair();
    router.connect(routerEnd);
    await this.#client.connect(toSdkTransport(clientEnd));
  }
  async listTools() {
    return (await this.#client.listTools()).tools;
  }
  async callToolResult(name, args, meta, options) {
    const params = { name, arguments: args ?? {}, ...(meta ? { _meta: meta } : {}) };
    return this.#client.callTool(params, undefined, { signal: options?.signal });
  }
  async callTool(name, args, meta, options) {
    return (await this.callToolResult(name, args, meta, options)).content;
  }
  async invalidateToolsCache() {}
  async close() {
    await this.#client.close();
  }
}

/** Lists the tools as Agents SDK FunctionTools and runs the echo tool through invoke(). */
async function check(label, server) {
  const tools = await getAllMcpTools({ mcpServers: [server], runContext: new RunContext({}) });
  const echo = tools.find((tool) => tool.name.endsWith('everything__echo'));
  console.log(`${label}: ${tools.length} tools, echo listed: ${echo !== undefined}`);
  const output = await echo.invoke(
    new RunContext({}),
    JSON.stringify({ message: `hello from openai-agents ${label}` }),
  );
  const text = typeof output === 'string' ? output : JSON.stringify(output);
  console.log(`${label}: invoke -> ${text}`);
}

// 1. In process.
const inProcess = new InProcessMcpServer();
await inProcess.connect();
await check('in-process', inProcess);

// 2. Over Streamable HTTP.
const mcp = createHttpHandler();
const served = serveOn(router, mcp);
const server = createServer((req, res) => void mcp.handleRequest(req, res));
await new Promise((done) => server.listen(0, '127.0.0.1', done));
const url = `http://127.0.0.1:${server.address().port}/mcp`;
const overHttp = new MCPServerStreamableHttp({ url, name: 'mux-http' });
await overHttp.connect();
await check('http', overHttp);

// Bounded shutdown: clients first, then the facade, then the router (with a deadline).
await overHttp.close();
await inProcess.close();
await served.close();
server.closeAllConnections();
await new Promise((done) => server.close(done));
await router.close({ timeoutMs: 5_000 });
console.log('closed');
