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
 * (http/oauth/), whose tokens persist in the token file (shared through `cluster` when given). Aborting `signal` closes the transport, also while it is connecting.
 */
import type { ClusterStore } from '../core/cluster/index.js';
import type { UpstreamConfig } from '../core/config/index.js';
import type { Logger } from '../core/log/index.js';
import type { Transport } from '../core/rpc/index.js';
import { ROUTED_RAW_MIN_CHARS } from '../core/rpc/index.js';
import { connectHttpUpstream, SseClientTransport } from './http/index.js';
import { oauthClientFor } from './http/oauth/index.js';
import { StdioClientTransport } from './stdioClient.js';
import { WebSocketClientTransport } from './websocket/index.js';

export interface OpenTransportOptions {
  log: Logger;
  signal?: AbortSignal;
  /**
   * The cluster's shared store (`mcpMux.cluster`): OAuth tokens toward upstreams are shared
   * and refreshed once across instances (http/oauth/clusterTokenStore.ts).
   */
  cluster?: ClusterStore;
}

type Startable = Transport & { start?(): Promise<void> };

export async function openUpstreamTransport(
  config: UpstreamConfig,
  options: OpenTransportOptions,
): Promise<Transport> {
  const log = options.log.child(`upstream ${config.name}`);
  const transport = create(config, log, options.cluster);
  const { signal } = options;
  if (signal?.aborted) {
    await transport.close();
    throw new Error(`upstream ${config.name}: opening was aborted`);
  }
  signal?.addEventListener('abort', () => void transport.close(), { once: true });
  // Connecting first makes a refused connection a clear "connect failed" instead of a closed
  // transport under `initialize`. Streamable HTTP has nothing to do before its first POST.
  await transport.start?.();
  return transport;
}

function create(config: UpstreamConfig, log: Logger, cluster?: ClusterStore): Startable {
  if (config.transport === 'stdio') {
    if (config.command === undefined) throw new Error(`upstream ${config.name} has no command`);
    return new StdioClientTransport({
      command: config.command,
      args: config.args,
      env: config.env,
      inheritEnv: config.inheritEnv,
      ...(config.cwd === undefined ? {} : { cwd: config.cwd }),
      ...(config.shutdownGraceMs === undefined
        ? {}
        : { stdinCloseGraceMs: config.shutdownGraceMs }),
      name: config.name,
      rawMinChars: ROUTED_RAW_MIN_CHARS,
      log,
    });
  }
  if (config.url === undefined) throw new Error(`upstream ${config.name} has no url`);
  // The router never reads a forwarded payload: raw from ROUTED_RAW_MIN_CHARS, as on stdio.
  const options = { headers: config.headers, rawMinChars: ROUTED_RAW_MIN_CHARS, log };
  switch (config.transport) {
    case 'streamable-http': {
      const auth = oauthClientFor(config, cluster ? { log, cluster } : { log });
      return connectHttpUpstream(config.url, auth ? { ...options, auth } : options);
    }
    case 'sse':
      return new SseClientTransport(config.url, options);
    case 'ws':
      return new WebSocketClientTransport(config.url, options);
    default:
      throw new Error(
        `upstream ${config.name}: transport "${String(config.transport)}" is not supported`,
      );
  }
}
