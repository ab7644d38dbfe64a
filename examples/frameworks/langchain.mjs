// LangChain.js (`@langchain/mcp-adapters` 1.1 with `@langchain/core`) on mcp-mux used as a
// library:
//   node examples/frameworks/langchain.mjs [path/to/mcp-mux/dist/index.js]
// 1. In process: loadMcpTools takes a connected MCP SDK Client; that Client runs on the client
//    end of a memory pair (toSdkTransport), the router on the other end.
// 2. Over HTTP: MultiServerMCPClient with an { transport: 'http' } connection to the router's
//    Streamable HTTP facade on 127.0.0.1 (ephemeral port).
// Each part lists the tools and runs one through the LangChain tool's own invoke(). No model.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadMcpTools, MultiServerMCPClient } from '@langchain/mcp-adapters';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';

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

/** Finds the echo tool among LangChain tools and runs it through tool.invoke(). */
async function check(label, tools) {
  const echo = tools.find((tool) => tool.name.endsWith('everything__echo'));
  console.log(`${label}: ${tools.length} tools, echo listed: ${echo !== undefined}`);
  const output = await echo.invoke({ message: `hello from langchain ${label}` });
  const text = typeof output === 'string' ? output : JSON.stringify(output);
  console.log(`${label}: invoke -> ${text}`);
}

// 1. In process.
const [clientEnd, routerEnd] = createMemoryPair();
router.connect(routerEnd);
const inProcess = new Client({ name: 'langchain-in-process', version: '1.0.0' });
await inProcess.connect(toSdkTransport(clientEnd));
await check('in-process', await loadMcpTools('mux', inProcess));

// 2. Over Streamable HTTP.
const mcp = createHttpHandler();
const served = serveOn(router, mcp);
const server = createServer((req, res) => void mcp.handleRequest(req, res));
await new Promise((done) => server.listen(0, '127.0.0.1', done));
const url = `http://127.0.0.1:${server.address().port}/mcp`;
const overHttp = new MultiServerMCPClient({
  mcpServers: { mux: { transport: 'http', url } },
  onConnectionError: 'throw',
});
await check('http', await overHttp.getTools());

// Bounded shutdown: clients first, then the facade, then the router (with a deadline).
await overHttp.close();
await inProcess.close();
await served.close();
server.closeAllConnections();
await new Promise((done) => server.close(done));
await router.close({ timeoutMs: 5_000 });
console.log('closed');
