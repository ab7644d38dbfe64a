/**
 * mcp-mux's HTTP listener: the HTTP handler (httpHandler.ts: Streamable HTTP on `path`, default
 * `/mcp`, and the legacy HTTP+SSE pair on `/sse` + `/messages`, behind `Protection`) on one
 * `node:http` server bound to 127.0.0.1 by default, with its connection limit. Each client
 * session, of either kind, is one `Transport` on `connections$`.
 */
import type { Socket } from 'node:net';
import type { TransportServer } from '../../core/rpc/index.js';
import { type HttpHandlerOptions } from './httpHandler.js';
export interface HttpFacadeOptions extends HttpHandlerOptions {
    /** Interface to bind (default `127.0.0.1`: loopback only). */
    host?: string;
    /** Port to bind (default 0: any free port, see `address()`). */
    port?: number;
    /** Open TCP connections at most, idle ones included; more get 503 (default 1024). */
    maxConnections?: number;
    /** Told every accepted TCP socket (byte counters for the metrics). */
    onSocket?: (socket: Socket) => void;
}
export interface HttpFacade extends TransportServer {
    /** The Streamable HTTP endpoint URL, e.g. `http://127.0.0.1:43117/mcp`. */
    readonly url: string;
    address(): {
        host: string;
        port: number;
    };
}
export declare function createHttpFacade(options?: HttpFacadeOptions): Promise<HttpFacade>;
