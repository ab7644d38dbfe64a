/**
 * mcp-mux's WebSocket listener (`ws`): one session per connection, subprotocol `mcp`. The
 * upgrade passes the same `Protection` as HTTP (Host/Origin 403, bearer 401) and is refused
 * before any WebSocket exists; a client offering subprotocols without `mcp` gets 400. Frames
 * past `maxPayload` close the connection (ws answers 1009).
 */
import type { Socket } from 'node:net';
import { type Logger } from '../../core/log/index.js';
import type { TransportServer } from '../../core/rpc/index.js';
import { type ProtectionOptions } from '../http/index.js';
export declare const SUBPROTOCOL = "mcp";
export interface WebSocketFacadeOptions extends ProtectionOptions {
    /** Interface to bind (default `127.0.0.1`). */
    host?: string;
    /** Port to bind (default 0: any free port). */
    port?: number;
    /** Upgrade path (default `/mcp`). */
    path?: string;
    /**
     * Profile paths: an upgrade on `<path>/<name>` for a `name` it accepts is a connection
     * labelled with that `profile`; other names → 404. Absent: none.
     */
    hasProfile?: (name: string) => boolean;
    /** Largest message in bytes (default `maxBodyBytes`, 4 MiB). */
    maxPayload?: number;
    /** Ping period in ms; 0 turns liveness checks off (default 30000). */
    pingIntervalMs?: number;
    /** Outgoing bytes per connection before it is cut as a slow reader (default 8 MiB). */
    maxBufferedBytes?: number;
    /** Open connections at most; more get 503 (default 10000). */
    maxSessions?: number;
    /** Open connections per principal (bearer token, else remote address); more get 429 (default 100). */
    maxSessionsPerPrincipal?: number;
    /** Open TCP connections at most, idle ones included; more get 503 (default 1024). */
    maxConnections?: number;
    /** Told every accepted TCP socket (byte counters for the metrics). */
    onSocket?: (socket: Socket) => void;
    log?: Logger;
}
export interface WebSocketFacade extends TransportServer {
    /** e.g. `ws://127.0.0.1:43117/mcp`. */
    readonly url: string;
    address(): {
        host: string;
        port: number;
    };
    /** Open connections per principal, else remote address (stats and tests). */
    sessionsPerPrincipal(): Map<string, number>;
}
export declare function createWebSocketFacade(options?: WebSocketFacadeOptions): Promise<WebSocketFacade>;
