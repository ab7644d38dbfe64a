/**
 * Opening an MCP session for the load generator: connect over the endpoint's transport, run
 * the `initialize` / `notifications/initialized` handshake, and hand back the client.
 */
import { type HttpEndpoint } from './httpClient.js';
import type { Json, RpcClient } from './rpcClient.js';
import { type StdioEndpoint } from './stdioClient.js';
import { type WsEndpoint } from './wsClient.js';
export type Endpoint = StdioEndpoint | HttpEndpoint | WsEndpoint;
export type TransportKind = Endpoint['kind'];
export interface Session {
    client: RpcClient;
    /** The answer to initialize. */
    server: Json;
    /** The spawned process for stdio endpoints (what CPU and memory are read from). */
    pid: number | undefined;
    close(): Promise<void>;
}
export interface OpenOptions {
    protocolVersion?: string;
    /** Gives up (and closes) if the handshake takes longer; default 15 s. */
    timeoutMs?: number;
    clientName?: string;
}
export declare function openSession(endpoint: Endpoint, options?: OpenOptions): Promise<Session>;
