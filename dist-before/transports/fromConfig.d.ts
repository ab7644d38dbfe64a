/**
 * Opens the transport of one configured upstream: a child process for `command` servers, a
 * network client for `url` servers. It reads only the transport keys of the config.
 *
 * - `streamable-http`: `connectHttpUpstream`, which falls back to legacy HTTP+SSE on the same
 *   URL when the first POST gets 400/404/405 (spec "Backwards Compatibility").
 * - `sse`: the legacy HTTP+SSE client; resolves once the `endpoint` event arrived.
 * - `ws`: the WebSocket client (subprotocol `mcp`); resolves once the socket is open.
 *
 * `headers` (already `${env:NAME}`-substituted by the config) go on every HTTP request or on the
 * WebSocket handshake. A Streamable HTTP server with `auth` gets an OAuth client
 * (http/oauth/), whose tokens persist in the token file. Aborting `signal` closes the transport, also while it is connecting.
 */
import type { UpstreamConfig } from '../core/config/index.js';
import type { Logger } from '../core/log/index.js';
import type { Transport } from '../core/rpc/index.js';
export interface OpenTransportOptions {
    log: Logger;
    signal?: AbortSignal;
}
export declare function openUpstreamTransport(config: UpstreamConfig, options: OpenTransportOptions): Promise<Transport>;
