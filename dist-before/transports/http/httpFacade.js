/**
 * mcp-mux's HTTP listener: the HTTP handler (httpHandler.ts: Streamable HTTP on `path`, default
 * `/mcp`, and the legacy HTTP+SSE pair on `/sse` + `/messages`, behind `Protection`) on one
 * `node:http` server bound to 127.0.0.1 by default, with its connection limit. Each client
 * session, of either kind, is one `Transport` on `connections$`.
 */
import { createServer } from 'node:http';
import { ErrorCode } from '../../core/errors/index.js';
import { silentLogger } from '../../core/log/index.js';
import { answerMalformedRequests, DEFAULT_MAX_CONNECTIONS, isRefused, limitConnections, listen, } from '../base/index.js';
import { createHttpHandler } from './httpHandler.js';
import { sendJsonRpcError } from './protection.js';
export async function createHttpFacade(options = {}) {
    const log = options.log ?? silentLogger;
    const path = options.path ?? '/mcp';
    const handler = createHttpHandler({ ...options, log });
    let bound = false;
    const server = createServer((req, res) => {
        if (isRefused(req.socket))
            return void res.destroy();
        if (!bound) {
            sendJsonRpcError(res, 503, ErrorCode.TransportRefused, 'Service Unavailable: starting');
            return;
        }
        void handler.handleRequest(req, res);
    });
    limitConnections(server, options.maxConnections ?? DEFAULT_MAX_CONNECTIONS, log);
    const onSocket = options.onSocket;
    if (onSocket)
        server.on('connection', onSocket);
    answerMalformedRequests(server);
    const host = options.host ?? '127.0.0.1';
    const listening = await listen(server, options.port ?? 0, host);
    const address = { host, port: listening.port };
    handler.setAddress(address);
    bound = true;
    const urlHost = host.includes(':') ? `[${host}]` : host;
    log.info('HTTP facade listening', { url: `http://${urlHost}:${listening.port}${path}` });
    return {
        url: `http://${urlHost}:${listening.port}${path}`,
        connections$: handler.connections$,
        address: () => ({ ...address }),
        async close() {
            await handler.close();
            const closed = new Promise((resolve) => server.close(() => resolve()));
            server.closeAllConnections();
            await closed;
        },
    };
}
//# sourceMappingURL=httpFacade.js.map