/**
 * `sessionMode: "isolated"` under a low open-file limit: every session
 * spawns its own upstream, so sessions alone use up the router's descriptors. Once they are
 * gone the spawn fails (EMFILE); that session's call must fail with an error while the router
 * and the other sessions carry on, and once sessions close new ones are served again. (Before
 * the fix the failed spawn threw inside the stdio transport and the router exited.)
 *
 * The upstream is a few lines of bash (a node process per session would cost ~40 MB each).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { clientTransport, listenersOf, until } from './cliNetwork.js';
import { cliUnderFdLimit, writeConfig } from './harness.js';

/** Answers initialize, tools/list (one tool `hi`), tools/call and ping (`@{` stands for `${`). */
const BASH_SERVER = String.raw`
while IFS= read -r line; do
  [[ $line =~ \"id\":([0-9]+) ]] || continue
  id=@{BASH_REMATCH[1]}
  case "$line" in
    *'"method":"initialize"'*)
      [[ $line =~ \"protocolVersion\":\"([^\"]+)\" ]]
      printf '{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":"%s","capabilities":{"tools":{}},"serverInfo":{"name":"sh","version":"1"}}}\n' "$id" "@{BASH_REMATCH[1]}" ;;
    *'"method":"tools/list"'*)
      printf '{"jsonrpc":"2.0","id":%s,"result":{"tools":[{"name":"hi","inputSchema":{"type":"object"}}]}}\n' "$id" ;;
    *'"method":"tools/call"'*)
      printf '{"jsonrpc":"2.0","id":%s,"result":{"content":[{"type":"text","text":"hi from %s"}]}}\n' "$id" "$$" ;;
    *'"method":"ping"'*)
      printf '{"jsonrpc":"2.0","id":%s,"result":{}}\n' "$id" ;;
    *'"method":'*)
      printf '{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"no"}}\n' "$id" ;;
  esac
done
`.replaceAll('@{', '${');

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Session {
  client: Client;
  /** Ends the session on the server (DELETE), so its isolated upstream ends too. */
  end(): Promise<void>;
}
type Outcome =
  | { ok: true; session: Session }
  | { ok: false; stage: 'connect' | 'call'; error: string; session?: Session };

async function open(url: string): Promise<Outcome> {
  const client = new Client({ name: 'isolated-fd', version: '1.0.0' });
  const transport = clientTransport('http', url) as StreamableHTTPClientTransport;
  try {
    await client.connect(transport);
  } catch (error) {
    await client.close().catch(() => {});
    return { ok: false, stage: 'connect', error: String(error) };
  }
  const session: Session = {
    client,
    end: async () => {
      await transport.terminateSession().catch(() => {});
      await client.close().catch(() => {});
    },
  };
  cleanups.push(() => session.end());
  try {
    const result = await client.callTool({ name: 's__hi', arguments: {} });
    const text = JSON.stringify(result.content);
    if (result.isError || !text.includes('hi from')) {
      return { ok: false, stage: 'call', error: text, session };
    }
    return { ok: true, session };
  } catch (error) {
    return { ok: false, stage: 'call', error: String(error), session };
  }
}

describe('isolated sessions past the open-file limit', () => {
  it('fail the call that cannot spawn, keep the router up, and recover when sessions close', async () => {
    const script = join(writeConfig({ mcpServers: {} }), '..', 'server.sh');
    writeFileSync(script, BASH_SERVER);
    const config = writeConfig({
      mcpServers: { s: { command: 'bash', args: [script], sessionMode: 'isolated' } },
    });
    const run = cliUnderFdLimit(['--config', config, '--http', '127.0.0.1:0']);
    const { child } = run;
    cleanups.unshift(() => void child.kill('SIGKILL'));
    await until(() => /ready: 1\/1/.test(run.stderr), 20_000, `start-up (${run.stderr})`);
    const url = listenersOf(run.stderr).http ?? '';

    // Sessions until one's upstream cannot be spawned. When the last descriptors go to the
    // HTTP sockets instead, the connection is refused (libuv accepts and closes it): that
    // attempt is retried, it is not the case under test.
    const served: Session[] = [];
    const others: Session[] = [];
    let refused: string | undefined;
    for (let i = 0; i < 80 && refused === undefined; i += 1) {
      const outcome = await open(url);
      expect(child.exitCode).toBeNull();
      if (outcome.ok) served.push(outcome.session);
      else if (outcome.session) others.push(outcome.session);
      if (!outcome.ok && /-32011/.test(outcome.error)) refused = outcome.error;
    }
    expect(served.length).toBeGreaterThan(3);
    // The client is told why: the upstream could not be started, out of descriptors.
    expect(refused).toMatch(/-32011/);
    expect(refused).toMatch(/cannot start "bash": out of file descriptors \(EMFILE\)/);
    const logged = /upstream "s": cannot start "bash": out of file descriptors/;
    await until(() => logged.test(run.stderr), 5_000, 'the spawn failure on stderr');
    expect(child.exitCode).toBeNull();

    // Ending sessions frees their descriptors (their upstreams end): the first session still
    // works, and new ones are served.
    for (const session of [...others, ...served.splice(1)]) await session.end();
    const first = await served[0]?.client.callTool({ name: 's__hi', arguments: {} });
    expect(JSON.stringify(first?.content)).toContain('hi from');
    const again = await until(
      async () => {
        const outcome = await open(url);
        return outcome.ok ? outcome : undefined;
      },
      30_000,
      'a session served again',
    );
    expect(again.ok).toBe(true);
    expect(child.exitCode).toBeNull();
    expect(run.stderr).not.toMatch(/uncaught|TypeError/i);
  }, 120_000);
});
