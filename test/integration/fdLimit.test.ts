/**
 * The CLI under a low open-file limit: it warns at start-up, and the
 * listener's connection bound answers 503 instead of letting idle connections use up the
 * descriptors the upstreams need.
 */
import { connect, type Socket } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, describe, expect, it } from 'vitest';
import { clientTransport, listenersOf, until } from './cliNetwork.js';
import { cliUnderFdLimit, everything, FD_LIMIT, writeConfig } from './harness.js';

const cleanups: (() => void)[] = [];
/** Below the limit (room for all of them), but with the router's reserve more than it allows. */
const MAX_CONNECTIONS = 150;
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function idle(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
    cleanups.push(() => socket.destroy());
  });
}

describe('CLI under a low fd limit', () => {
  it('warns about ulimit -n and keeps its upstream alive past the connection bound', async () => {
    const config = writeConfig({ mcpServers: { everything: everything() } });
    const run = cliUnderFdLimit([
      '--config',
      config,
      '--http',
      '127.0.0.1:0',
      '--max-connections',
      String(MAX_CONNECTIONS),
    ]);
    const { child } = run;
    cleanups.push(() => child.kill('SIGKILL'));
    await until(() => /ready: 1\/1/.test(run.stderr), 20_000, `start-up (${run.stderr})`);
    expect(run.stderr).toMatch(new RegExp(`open-file limit \\(ulimit -n ${FD_LIMIT}\\)`));
    const url = new URL(listenersOf(run.stderr).http ?? '');
    const port = Number(url.port);
    for (let i = 0; i < MAX_CONNECTIONS; i += 1) await idle(port);
    // One past the bound: 503, and the router is still there.
    const status = await fetch(url, { method: 'POST', body: '{}' }).then(
      (res) => res.status,
      () => 0,
    );
    expect(status).toBe(503);
    expect(child.exitCode).toBeNull();
    // The descriptors were never exhausted: once the idle ones go, a client is served.
    for (const cleanup of cleanups.splice(1)) cleanup();
    const client = new Client({ name: 'fd-test', version: '1.0.0' });
    await until(
      () =>
        client.connect(clientTransport('http', url.href)).then(
          () => true,
          () => false,
        ),
      10_000,
      'a connection slot',
    );
    const result = await client.callTool({
      name: 'everything__echo',
      arguments: { message: 'hi' },
    });
    expect(JSON.stringify(result.content)).toContain('hi');
    await client.close();
  });
});
