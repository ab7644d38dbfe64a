/**
 * The network side of the CLI integration tests: the real `mcp-mux` CLI with `--http`,
 * `--http-json` and `--ws` listeners (URLs read from its stderr), upstream processes that
 * listen on HTTP or WebSocket, SDK clients over every facade transport, and raw HTTP requests
 * for what SDK clients never send (a foreign Host, an oversized body).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { Client, type ClientOptions } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import {
  getDefaultEnvironment,
  StdioClientTransport,
} from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { WebSocketClientTransport } from '@modelcontextprotocol/sdk/client/websocket.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { WebSocket } from 'ws';
import { freePort } from '../deploy/harness/processes.js';
import { cliPath, everythingPath, fixturePath } from './harness.js';

/** A port that was free a moment ago (for servers that cannot report the port they got). */
export { freePort };

/** Polls `check` every 20 ms until it is (or resolves to) something truthy, at most `ms`. */
export async function until<T>(
  check: () => T | Promise<T>,
  ms: number,
  what: string,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export interface Proc {
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/** Spawns `node args…`; stdout and stderr are collected together. */
export function spawnNode(args: string[], env: Record<string, string> = {}): Proc {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** server-everything over Streamable HTTP (`/mcp`) or legacy SSE (`/sse`), on a free port. */
export async function startEverything(
  mode: 'streamableHttp' | 'sse',
): Promise<Proc & { url: string }> {
  const port = await freePort();
  const proc = spawnNode([everythingPath, mode], { PORT: String(port) });
  await until(
    () => /listening on port|running on port/i.test(proc.output()),
    15_000,
    `everything ${mode}`,
  );
  return { ...proc, url: `http://127.0.0.1:${port}/${mode === 'sse' ? 'sse' : 'mcp'}` };
}

/** The WebSocket fixture upstream (test/fixtures/websocketServer.ts). */
export async function startWebSocketFixture(): Promise<Proc & { url: string }> {
  const proc = spawnNode([fixturePath('websocketServer')]);
  const url = await until(() => /ws:\/\/\S+/.exec(proc.output())?.[0], 15_000, 'the ws fixture');
  return { ...proc, url };
}

export interface Listeners {
  http?: string;
  'http-json'?: string;
  sse?: string;
  ws?: string;
}

/** The listener URLs from the CLI's `listening: <kind> <url>` log lines. */
export function listenersOf(stderr: string): Listeners {
  const found: Listeners = {};
  for (const [, kind, url] of stderr.matchAll(/listening: (http-json|http|sse|ws) (\S+)/g)) {
    const key = kind as keyof Listeners;
    if (url !== undefined) found[key] ??= url;
  }
  return found;
}

/** The CLI with network listeners only; resolves once every listener has logged its URL. */
export async function startCli(
  configFile: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<Proc & { listeners: Listeners }> {
  const proc = spawnNode([cliPath, '--config', configFile, ...args], env);
  const wanted = args.filter((a) => a === '--http' || a === '--http-json' || a === '--ws').length;
  // Each HTTP listener also logs its legacy SSE endpoint, on a line of its own that may come
  // a moment later: wait for those too, or `listeners.sse` can be read before it is there.
  const sse = args.filter((a) => a === '--http' || a === '--http-json').length;
  const count = (pattern: RegExp) => proc.output().match(pattern)?.length ?? 0;
  await until(
    () => count(/listening: (http-json|http|ws) /g) >= wanted && count(/listening: sse /g) >= sse,
    15_000,
    `the CLI listeners (${proc.output()})`,
  );
  return { ...proc, listeners: listenersOf(proc.output()) };
}

/** The CLI spoken to over stdio by an SDK client, with whatever listeners `args` add. */
export async function startCliWithStdio(
  configFile: string,
  args: string[],
  options: ClientOptions,
  env: Record<string, string> = {},
): Promise<{
  client: Client;
  wire: unknown[];
  stderr: () => string;
  listeners: () => Listeners;
}> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cliPath, '--config', configFile, '--stdio', ...args],
    env: { ...getDefaultEnvironment(), ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const client = new Client({ name: 'client-stdio', version: '1.0.0' }, options);
  await client.connect(transport);
  return {
    client,
    wire: recordWire(transport),
    stderr: () => stderr,
    listeners: () => listenersOf(stderr),
  };
}

/**
 * Records every message a connected SDK client transport delivers, in arrival order. Progress
 * is checked on the wire: the SDK client runs notification handlers in a microtask but
 * responses synchronously, so it drops a progress notification read in the same chunk as the
 * result (an SDK quirk the router cannot fully prevent on a busy machine).
 */
export function recordWire(transport: Transport): unknown[] {
  const wire: unknown[] = [];
  const deliver = transport.onmessage;
  transport.onmessage = (message, extra) => {
    wire.push(message);
    deliver?.(message, extra);
  };
  return wire;
}

export type FacadeKind = 'http' | 'http-json' | 'sse' | 'ws';

/** An SDK client transport for a facade URL (WebSocket: the SDK's, over `ws` on Node 20). */
export function clientTransport(
  kind: FacadeKind,
  url: string,
  headers: Record<string, string> = {},
): Transport {
  switch (kind) {
    case 'http':
    case 'http-json':
      return new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } });
    case 'sse':
      // The SDK adds `requestInit.headers` to the GET stream and to every POST.
      return new SSEClientTransport(new URL(url), { requestInit: { headers } });
    case 'ws':
      // The SDK client uses the global WebSocket, which Node 20 lacks; `ws` implements it.
      (globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;
      return new WebSocketClientTransport(new URL(url));
  }
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP request with full control over headers (fetch forbids `Host`). */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: options.method ?? 'POST', headers: options.headers },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => {
          body += chunk.toString('utf8');
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

export const INITIALIZE = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'raw-client', version: '1.0.0' },
  },
};

export const POST_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};
