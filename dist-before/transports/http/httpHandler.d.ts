/**
 * The HTTP facade without its listener: Streamable HTTP on `path` (default `/mcp`) and the
 * legacy HTTP+SSE pair on `/sse` + `/messages`, as one `handleRequest(req, res)` that an
 * embedder mounts on its own `node:http` server, Express or Fastify (raw `req`/`res`). Every
 * request passes `Protection` (Host/Origin, bearer) before routing. Each client session, of
 * either kind, is one `Transport` on `connections$`. `createHttpFacade` (httpFacade.ts) is this
 * handler on a listener of its own.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Logger } from '../../core/log/index.js';
import type { TransportServer } from '../../core/rpc/index.js';
import { type ObserveEndpoints } from './observeRoutes.js';
import { type ProtectionOptions } from './protection.js';
import { type StreamableHttpOptions } from './streamableHttpServer.js';
export interface HttpHandlerOptions extends ProtectionOptions, StreamableHttpOptions {
    /** The Streamable HTTP endpoint (default `/mcp`). */
    path?: string;
    /** Serve the legacy HTTP+SSE transport too (default true). */
    legacySse?: boolean;
    /** Legacy SSE stream path (default `/sse`). */
    ssePath?: string;
    /** Legacy POST path (default `/messages`). */
    messagesPath?: string;
    /**
     * The address clients reach the server at, for `Host` validation (DNS-rebinding
     * protection). Default: the local address and port of the first request's socket.
     */
    address?: {
        host: string;
        port: number;
    };
    /**
     * Profile paths: `<path>/<name>` (and `<ssePath>/<name>`) for every `name` it accepts, each
     * transport labelled with its `profile` (profilePaths.ts); others → 404. Absent: none.
     */
    hasProfile?: (name: string) => boolean;
    /** `/metrics`, `/healthz`, `/readyz` (observeRoutes.ts), behind the same protection; absent: none. */
    observe?: ObserveEndpoints;
    log?: Logger;
}
export interface HttpHandler extends TransportServer {
    /**
     * Serves one HTTP request on the handler's paths. A request for another path gets 404, or
     * is passed to `next` when given (Express-style middleware).
     */
    handleRequest(req: IncomingMessage, res: ServerResponse, next?: () => void): Promise<void>;
    /** Sets the address `Host` is checked against (before the first request). */
    setAddress(address: {
        host: string;
        port: number;
    }): void;
}
export declare function createHttpHandler(options?: HttpHandlerOptions): HttpHandler;
