/**
 * Shared pieces of the integration tests: where the built CLI and fixtures are, temporary
 * config files, and an SDK client that spawns the real `mcp-mux` CLI over stdio.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, type ClientOptions } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { FacadeOptions } from '../../bin/facades.js';
import { silentLogger } from '../../core/log/log.js';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const cliPath = join(root, 'dist/bin/mcp-mux.js');

/**
 * The open-file limit (`prlimit --nofile`) of the low-limit tests: far below what the router
 * asks for, above what Node needs to start it. Node 20's ESM loader reads a module graph's
 * files concurrently, and the router's (~780 modules) holds ~130–160 open at once while it
 * loads (at 128 Node 20 fails with EMFILE before the router runs; Node 22 loads them in turn).
 */
export const FD_LIMIT = 200;

/** A CLI run whose stderr is gathered as it comes. */
export interface CliRun {
  readonly child: ChildProcess;
  readonly stderr: string;
}

/**
 * The CLI with `args` under `prlimit --nofile=FD_LIMIT:FD_LIMIT`: soft and hard alike, since
 * Node raises its soft limit to the hard one at start-up (the hard limit is what counts).
 */
export function cliUnderFdLimit(args: string[]): CliRun {
  const child = spawn(
    'prlimit',
    [`--nofile=${FD_LIMIT}:${FD_LIMIT}`, process.execPath, cliPath, ...args],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  return {
    child,
    get stderr() {
      return stderr;
    },
  };
}
export const everythingPath = join(
  root,
  'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
);
export const fixturePath = (name: string): string => join(root, 'dist/test/fixtures', `${name}.js`);

export const everything = (extra: Record<string, unknown> = {}) => ({
  command: process.execPath,
  args: [everythingPath, 'stdio'],
  ...extra,
});

export const fixture = (name: string, extra: Record<string, unknown> = {}) => ({
  command: process.execPath,
  args: [fixturePath(name)],
  ...extra,
});

/**
 * Writes `config` to a temporary file. Unless the config sets it, `mcpMux.initializeGraceMs`
 * is 30 s there: on a loaded machine a cold upstream may take more than the default 2 s, and
 * these tests expect the first `tools/list` to be complete (test/integration/startupGrace.test.ts
 * covers the grace itself).
 */
export function writeConfig(config: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-mux-test-'));
  const file = join(dir, 'mcp-mux.json');
  writeFileSync(file, JSON.stringify(withTestGrace(config), null, 2));
  return file;
}

function withTestGrace(config: unknown): unknown {
  if (typeof config !== 'object' || config === null || !('mcpServers' in config)) return config;
  const mux = (config as { mcpMux?: unknown }).mcpMux;
  if (mux !== undefined && (typeof mux !== 'object' || mux === null)) return config;
  if (mux && 'initializeGraceMs' in mux) return config;
  return { ...config, mcpMux: { initializeGraceMs: 30_000, ...(mux ?? {}) } };
}

export interface CliClient {
  client: Client;
  /** Every message the client received, in arrival order, from the `initialize` response on. */
  wire: JSONRPCMessage[];
  /** Every message the client sent, in order (the `initialize` request included). */
  sent: JSONRPCMessage[];
  transport: StdioClientTransport;
  stderr: () => string;
  close: () => Promise<void>;
}

/**
 * Spawns `node dist/bin/mcp-mux.js --config <file>` and connects an SDK client to it.
 * `protocolVersion` makes the client offer that version in `initialize` instead of the SDK's
 * latest (the SDK client accepts any version it supports in the answer).
 */
export async function connectCli(
  configFile: string,
  options: { clientOptions?: ClientOptions; args?: string[]; protocolVersion?: string } = {},
): Promise<CliClient> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cliPath, '--config', configFile, ...(options.args ?? [])],
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const wire: JSONRPCMessage[] = [];
  const sent: JSONRPCMessage[] = [];
  recordTransport(transport, wire, sent, options.protocolVersion);
  const client = new Client({ name: 'mcp-mux-test', version: '1.0.0' }, options.clientOptions);
  await client.connect(transport);
  return {
    client,
    wire,
    sent,
    transport,
    stderr: () => stderr,
    close: () => client.close(),
  };
}

type OnMessage = Transport['onmessage'];

/**
 * Records what goes through an SDK client transport, before `connect` so that `initialize` is
 * seen too: `onmessage` becomes an accessor that records, then delivers to whatever handler the
 * SDK installs; `send` records (and optionally pins the offered protocol version).
 */
export function recordTransport(
  transport: Transport,
  wire: JSONRPCMessage[],
  sent: JSONRPCMessage[],
  protocolVersion: string | undefined,
): void {
  let deliver: OnMessage;
  const record: NonNullable<OnMessage> = (message, ...rest) => {
    wire.push(message);
    deliver?.(message, ...rest);
  };
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    // Undefined until the SDK installs its handler: `Protocol.connect` chains to the handler it
    // finds, and finding `record` there would loop.
    get: () => (deliver === undefined ? undefined : record),
    set: (handler: OnMessage) => {
      deliver = handler;
    },
  });
  const send = transport.send.bind(transport);
  transport.send = (message: JSONRPCMessage) => {
    let out = message;
    if (protocolVersion !== undefined && 'method' in out && out.method === 'initialize') {
      out = { ...out, params: { ...out.params, protocolVersion } };
    }
    sent.push(out);
    return send(out);
  };
}

/**
 * `startFacades` options for loopback listeners without authentication (Host/Origin checks
 * on), plus what a test sets itself.
 */
export const loopbackFacadeOptions = (extra: Partial<FacadeOptions> = {}): FacadeOptions => ({
  bearerTokens: [],
  allowedHosts: [],
  allowedOrigins: [],
  dnsRebindingProtection: true,
  log: silentLogger,
  ...extra,
});
