/**
 * Shared pieces of the integration tests: where the built CLI and fixtures are, temporary
 * config files, and an SDK client that spawns the real `mcp-mux` CLI over stdio.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, type ClientOptions } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const cliPath = join(root, 'dist/bin/mcp-mux.js');
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

export function writeConfig(config: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-mux-test-'));
  const file = join(dir, 'mcp-mux.json');
  writeFileSync(file, JSON.stringify(config, null, 2));
  return file;
}

export interface CliClient {
  client: Client;
  /** Every message the client received, in arrival order (read off the transport). */
  wire: JSONRPCMessage[];
  transport: StdioClientTransport;
  stderr: () => string;
  close: () => Promise<void>;
}

/** Spawns `node dist/bin/mcp-mux.js --config <file>` and connects an SDK client to it. */
export async function connectCli(
  configFile: string,
  options: { clientOptions?: ClientOptions; args?: string[] } = {},
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
  const client = new Client({ name: 'mcp-mux-test', version: '1.0.0' }, options.clientOptions);
  await client.connect(transport);
  const wire: JSONRPCMessage[] = [];
  const deliver = transport.onmessage;
  transport.onmessage = (message: JSONRPCMessage) => {
    wire.push(message);
    deliver?.(message);
  };
  return {
    client,
    wire,
    transport,
    stderr: () => stderr,
    close: () => client.close(),
  };
}
