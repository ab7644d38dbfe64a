/**
 * Opening an MCP session for the load generator: connect over the endpoint's transport, run
 * the `initialize` / `notifications/initialized` handshake, and hand back the client.
 */
import { HttpClient, type HttpEndpoint } from './httpClient.js';
import { type Json, modernMeta, type RpcClient } from './rpcClient.js';
import { StdioClient, type StdioEndpoint } from './stdioClient.js';
import { WsClient, type WsEndpoint } from './wsClient.js';

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
  /**
   * `modern`: a 2026-07-28 client over stdio: no `initialize`; every request carries the
   * context in `_meta`, and `server/discover` stands for the handshake.
   */
  era?: 'legacy' | 'modern';
  /** Gives up (and closes) if the handshake takes longer; default 15 s. */
  timeoutMs?: number;
  clientName?: string;
}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

export async function openSession(endpoint: Endpoint, options: OpenOptions = {}): Promise<Session> {
  const protocolVersion = options.protocolVersion ?? '2025-06-18';
  const timeoutMs = options.timeoutMs ?? 15_000;
  let client: RpcClient;
  let pid: number | undefined;
  if (endpoint.kind === 'stdio') {
    const stdio = new StdioClient(endpoint);
    client = stdio;
    pid = stdio.pid;
  } else if (endpoint.kind === 'http') {
    client = new HttpClient(endpoint);
  } else {
    client = await withTimeout(WsClient.connect(endpoint, timeoutMs), timeoutMs, 'ws connect');
  }
  try {
    if (options.era === 'modern') {
      if (endpoint.kind !== 'stdio') throw new Error('the bench speaks 2026-07-28 over stdio only');
      client.meta = modernMeta(options.clientName ?? 'mcp-mux-bench');
      const server = await withTimeout(
        client.request('server/discover', {}),
        timeoutMs,
        'server/discover (stdio)',
      );
      return { client, server, pid, close: () => client.close() };
    }
    const server = await withTimeout(
      client.request('initialize', {
        protocolVersion,
        capabilities: {},
        clientInfo: { name: options.clientName ?? 'mcp-mux-bench', version: '1.0.0' },
      }),
      timeoutMs,
      `initialize (${endpoint.kind})`,
    );
    if (client instanceof HttpClient && typeof server.protocolVersion === 'string') {
      client.protocolVersion = server.protocolVersion;
    }
    client.notify('notifications/initialized');
    return { client, server, pid, close: () => client.close() };
  } catch (e) {
    await client.close();
    throw e;
  }
}
