/**
 * Request ids past 2^53 come back exactly as sent: the real CLI over
 * stdio and over Streamable HTTP, raw text on the wire (an SDK client would parse the ids).
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { startCli } from './cliNetwork.js';
import { cliPath, everything, writeConfig } from './harness.js';

const BIG = '9007199254740993';
const BIGGER = '-123456789012345678901234567890';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const initialize = (id: string) =>
  `{"jsonrpc":"2.0","id":${id},"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`;

describe('request ids past 2^53', () => {
  it('are echoed byte for byte over stdio, also for a call routed to an upstream', async () => {
    const config = writeConfig({ mcpServers: { everything: everything() } });
    const child = spawn(process.execPath, [cliPath, '--config', config], {
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    cleanups.push(() => void child.kill('SIGKILL'));
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const next = async (): Promise<string> => (await lines.next()).value as string;
    child.stdin.write(`${initialize(BIG)}\n`);
    const answer = await next();
    expect(answer).toContain(`"id":${BIG}`);
    child.stdin.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
    child.stdin.write(
      `{"jsonrpc":"2.0","id":${BIGGER},"method":"tools/call","params":{"name":"everything__echo","arguments":{"message":"hi"}}}\n`,
    );
    let call = await next();
    while (!call.includes('"result"') && !call.includes('"error"')) call = await next();
    expect(call).toContain(`"id":${BIGGER}`);
    expect(call).toContain('hi');
  });

  it('are echoed byte for byte over Streamable HTTP', async () => {
    const config = writeConfig({ mcpServers: {} });
    const cli = await startCli(config, ['--http-json', '127.0.0.1:0']);
    cleanups.push(() => cli.stop());
    const res = await fetch(cli.listeners['http-json'] ?? '', {
      method: 'POST',
      headers: {
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
      },
      body: initialize(BIG),
    });
    expect(await res.text()).toContain(`"id":${BIG}`);
  });
});
