#!/usr/bin/env node
/**
 * The naive proxy peer: what one writes in twenty lines with the MCP TypeScript SDK, an SDK
 * `Server` on stdio whose tools/list and tools/call handlers forward to one stdio upstream
 * through an SDK `Client`. Benchmark peer only (the SDK is never used by the router).
 *
 *   node dist/bench/peers/naiveSdkProxy.js -- <command> [args...]
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, CallToolResultSchema, ListToolsRequestSchema, } from '@modelcontextprotocol/sdk/types.js';
async function main() {
    const argv = process.argv.slice(2);
    const dash = argv.indexOf('--');
    const [command, ...args] = dash === -1 ? argv : argv.slice(dash + 1);
    if (!command) {
        process.stderr.write('usage: naiveSdkProxy -- <command> [args...]\n');
        process.exit(2);
    }
    const client = new Client({ name: 'naive-sdk-proxy', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command, args, stderr: 'inherit' }));
    const server = new Server({ name: 'naive-sdk-proxy', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, (request) => client.listTools(request.params));
    server.setRequestHandler(CallToolRequestSchema, (request) => client.request({ method: 'tools/call', params: request.params }, CallToolResultSchema));
    server.onclose = () => {
        void client.close().finally(() => process.exit(0));
    };
    await server.connect(new StdioServerTransport());
}
main().catch((e) => {
    process.stderr.write(`naive-sdk-proxy: ${e.message}\n`);
    process.exit(1);
});
//# sourceMappingURL=naiveSdkProxy.js.map