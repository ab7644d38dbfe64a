/**
 * Several client sessions on ONE real CLI process: the CLI serves stdio (the first session,
 * `connectCli` with `--stdio --http 127.0.0.1:0`) and Streamable HTTP; more SDK clients connect
 * over HTTP. Each client records what it sent and received, for the schema checks.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { type CliClient, connectCli, recordTransport } from './harness.js';

/** CLI flags for a stdio session plus an HTTP listener on a free loopback port. */
export const WITH_HTTP = ['--stdio', '--http', '127.0.0.1:0'];

export interface RecordedClient {
  client: Client;
  wire: JSONRPCMessage[];
  sent: JSONRPCMessage[];
  close: () => Promise<void>;
}

/** The Streamable HTTP endpoint the CLI announced on stderr. */
export function httpUrlOf(cli: CliClient): string {
  const match = /listening: http (http:\/\/\S+\/mcp)/.exec(cli.stderr());
  if (!match?.[1]) throw new Error(`the CLI announced no HTTP endpoint:\n${cli.stderr()}`);
  return match[1];
}

/** Spawns the CLI with an HTTP listener and connects the stdio client. */
export function connectCliWithHttp(
  configFile: string,
  options: { protocolVersion?: string } = {},
): Promise<CliClient> {
  return connectCli(configFile, { args: WITH_HTTP, ...options });
}

/** One more session over Streamable HTTP, optionally offering an older protocol version. */
export async function connectHttpSession(
  url: string,
  options: { protocolVersion?: string; name?: string } = {},
): Promise<RecordedClient> {
  const transport = new StreamableHTTPClientTransport(new URL(url));
  const wire: JSONRPCMessage[] = [];
  const sent: JSONRPCMessage[] = [];
  recordTransport(transport, wire, sent, options.protocolVersion);
  const client = new Client({ name: options.name ?? 'mcp-mux-test-http', version: '1.0.0' });
  await client.connect(transport);
  return {
    client,
    wire,
    sent,
    close: async () => {
      // DELETE ends the session on the server; closing the SDK client alone does not.
      await transport.terminateSession().catch(() => {});
      await client.close();
    },
  };
}

/** Polls `check` every 50 ms until it holds or `ms` pass (bounded); returns whether it held. */
export async function eventually(check: () => boolean, ms = 5_000): Promise<boolean> {
  for (let waited = 0; waited < ms; waited += 50) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

type Notification = { method?: string; params?: Record<string, unknown> };

/** The notifications with `method` a client received so far. */
export const notificationsOf = (wire: readonly unknown[], method: string): Notification[] =>
  (wire as Notification[]).filter((m) => m.method === method && !('id' in m));

/** The JSON a fixture tool returned as its first text content. */
export const jsonOf = (result: unknown): unknown =>
  JSON.parse((result as { content: { text: string }[] }).content[0]?.text ?? 'null');
