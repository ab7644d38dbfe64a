// Embedding mcp-mux (run by test/library.test.ts; CI runs it):
//   node examples/embed/embed.mjs [path/to/mcp-mux/dist/index.js]
// 1. the router in-process, an official SDK Client on a memory pair (toSdkTransport);
// 2. the same router on the embedder's own node:http server (createHttpHandler + serveOn),
//    next to the embedder's own routes, reached by an SDK Client over Streamable HTTP.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const here = dirname(fileURLToPath(import.meta.url));
const entry = process.argv[2] ?? resolve(here, '../../dist/index.js');
const {
  createHttpHandler,
  createMemoryPair,
  createRouter,
  ROUTED_RAW_MIN_CHARS,
  serveOn,
  toSdkTransport,
} = await import(pathToFileURL(entry).href);
const everything = createRequire(import.meta.url).resolve(
  '@modelcontextprotocol/server-everything/dist/index.js',
);

const router = createRouter({
  mcpServers: { everything: { command: process.execPath, args: [everything, 'stdio'] } },
  mcpMux: { logLevel: 'warn' },
});
await router.start();

// 1. In-process: an SDK Client on one end of a memory pair, the router on the other.
const [clientEnd, routerEnd] = createMemoryPair();
router.connect(routerEnd);
const inProcess = new Client({ name: 'embed-in-process', version: '1.0.0' });
await inProcess.connect(toSdkTransport(clientEnd));
const echoed = await inProcess.callTool({
  name: 'everything__echo',
  arguments: { message: 'hello from memory' },
});
console.log(`in-process: ${echoed.content[0].text}`);

// 2. On the embedder's own HTTP server: /mcp is mcp-mux, /health is the embedder's.
const mcp = createHttpHandler({ rawMinChars: ROUTED_RAW_MIN_CHARS });
const served = serveOn(router, mcp);
const server = createServer((req, res) => {
  if (req.url === '/health') return res.end('ok');
  void mcp.handleRequest(req, res);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address();
const overHttp = new Client({ name: 'embed-http', version: '1.0.0' });
await overHttp.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
const tools = await overHttp.listTools();
console.log(`over http: ${tools.tools.length} tools, first ${tools.tools[0]?.name}`);
const health = await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.text());
console.log(`own route: ${health}`);

await overHttp.close();
await inProcess.close();
await served.close();
await new Promise((resolve) => server.close(resolve));
await router.close();
console.log('closed');
