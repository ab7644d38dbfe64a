/**
 * Opening an MCP session for the load generator: connect over the endpoint's transport, run
 * the `initialize` / `notifications/initialized` handshake, and hand back the client.
 */
import { HttpClient } from './httpClient.js';
import { StdioClient } from './stdioClient.js';
import { WsClient } from './wsClient.js';
function withTimeout(p, ms, what) {
    let timer;
    const timeout = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
    });
    return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}
export async function openSession(endpoint, options = {}) {
    const protocolVersion = options.protocolVersion ?? '2025-06-18';
    const timeoutMs = options.timeoutMs ?? 15_000;
    let client;
    let pid;
    if (endpoint.kind === 'stdio') {
        const stdio = new StdioClient(endpoint);
        client = stdio;
        pid = stdio.pid;
    }
    else if (endpoint.kind === 'http') {
        client = new HttpClient(endpoint);
    }
    else {
        client = await withTimeout(WsClient.connect(endpoint, timeoutMs), timeoutMs, 'ws connect');
    }
    try {
        const server = await withTimeout(client.request('initialize', {
            protocolVersion,
            capabilities: {},
            clientInfo: { name: options.clientName ?? 'mcp-mux-bench', version: '1.0.0' },
        }), timeoutMs, `initialize (${endpoint.kind})`);
        if (client instanceof HttpClient && typeof server.protocolVersion === 'string') {
            client.protocolVersion = server.protocolVersion;
        }
        client.notify('notifications/initialized');
        return { client, server, pid, close: () => client.close() };
    }
    catch (e) {
        await client.close();
        throw e;
    }
}
//# sourceMappingURL=session.js.map