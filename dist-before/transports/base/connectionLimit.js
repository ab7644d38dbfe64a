import { STATUS_CODES } from 'node:http';
import { ErrorCode } from '../../core/errors/index.js';
/** Default open connections per listener. */
export const DEFAULT_MAX_CONNECTIONS = 1024;
/** How often "connection refused" is logged at most (the limit can be hit in bursts). */
const WARN_EVERY_MS = 10_000;
/** A complete HTTP/1.1 error answer with a JSON-RPC error body, for raw sockets. */
export function rawHttpError(status, message, headers = {}) {
    const body = JSON.stringify({
        jsonrpc: '2.0',
        id: null,
        error: { code: ErrorCode.TransportRefused, message },
    });
    const lines = [
        `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
        'Connection: close',
        'Content-Type: application/json',
        `Content-Length: ${Buffer.byteLength(body)}`,
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    return `${lines.join('\r\n')}\r\n\r\n${body}`;
}
const refused = new WeakSet();
/** Whether `socket` was refused by the limit (its requests must not be answered again). */
export function isRefused(socket) {
    return refused.has(socket);
}
/** Counts `server`'s open connections and refuses those past `max` with 503. */
export function limitConnections(server, max, log) {
    let open = 0;
    let lastWarn = 0;
    let refusedSinceWarn = 0;
    server.prependListener('connection', (socket) => {
        if (open >= max) {
            refused.add(socket);
            refusedSinceWarn += 1;
            const now = Date.now();
            if (now - lastWarn >= WARN_EVERY_MS) {
                log.warn('too many open connections: refusing new ones with 503', {
                    maxConnections: max,
                    refused: refusedSinceWarn,
                });
                lastWarn = now;
                refusedSinceWarn = 0;
            }
            socket.on('error', () => socket.destroy());
            socket.end(rawHttpError(503, 'Service Unavailable: too many open connections'), () => socket.destroy());
            // Do not wait for the peer's FIN: the descriptor is what the limit protects.
            setTimeout(() => socket.destroy(), 1000).unref();
            return;
        }
        open += 1;
        socket.once('close', () => {
            open -= 1;
        });
    });
}
/**
 * Malformed HTTP (a bad request line or header, a body the parser cannot frame) is answered
 * like everything else: a 400 with a JSON-RPC error body, then the connection is closed.
 * (Node's default writes a bare 400.) Sockets that already broke are just destroyed.
 */
export function answerMalformedRequests(server) {
    server.on('clientError', (error, socket) => {
        if (error.code === 'ECONNRESET' || !socket.writable) {
            socket.destroy();
            return;
        }
        const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
        socket.end(rawHttpError(status, `Bad Request: malformed HTTP (${error.code ?? 'parse error'})`));
    });
}
//# sourceMappingURL=connectionLimit.js.map