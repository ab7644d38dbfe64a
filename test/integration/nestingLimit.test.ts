/**
 * Messages nested past `mcpMux.maxJsonDepth` are refused at every facade, at once and by id,
 * before any upstream sees them: the real CLI over stdio, Streamable HTTP
 * and WebSocket; a normal request still works afterwards.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startCli } from './cliNetwork.js';
import { cliPath, writeConfig } from './harness.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const deep = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const call = (id: number, depth: number) =>
  `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"x","arguments":${deep(depth)}}}`;
const initialize = `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`;
const config = (maxJsonDepth?: number) =>
  writeConfig({
    mcpServers: {},
    ...(maxJsonDepth === undefined ? {} : { mcpMux: { maxJsonDepth } }),
  });

describe('the nesting bound at the facades', () => {
  it('stdio (default bound): answers the deep request by id at once', async () => {
    const child = spawn(process.execPath, [cliPath, '--config', config()], {
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    cleanups.push(() => void child.kill('SIGKILL'));
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const next = async () => JSON.parse((await lines.next()).value as string);
    child.stdin.write(`${initialize}\n`);
    expect((await next()).id).toBe(0);
    child.stdin.write(`${call(7, 10_000)}\n`);
    const refused = await next();
    expect(refused).toMatchObject({ id: 7, error: { code: -32600 } });
    expect(refused.error.message).toContain('deeper than 128 levels');
    child.stdin.write('{"jsonrpc":"2.0","id":8,"method":"ping"}\n');
    expect(await next()).toEqual({ jsonrpc: '2.0', id: 8, result: {} });
  });

  it('Streamable HTTP and WebSocket: refused by id, the session goes on', async () => {
    const cli = await startCli(config(32), ['--http-json', '127.0.0.1:0', '--ws', '127.0.0.1:0']);
    cleanups.push(() => cli.stop());
    const url = cli.listeners['http-json'] ?? '';
    const headers = {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
    };
    const opened = await fetch(url, { method: 'POST', headers, body: initialize });
    const session = { ...headers, 'mcp-session-id': opened.headers.get('mcp-session-id') ?? '' };
    await opened.text();
    const refused = await fetch(url, { method: 'POST', headers: session, body: call(3, 10_000) });
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { error: { message: string } };
    expect(body).toMatchObject({ id: 3, error: { code: -32600 } });
    expect(body.error.message).toContain('deeper than 32 levels');
    const shallow = await fetch(url, {
      method: 'POST',
      headers: session,
      body: '{"jsonrpc":"2.0","id":4,"method":"ping"}',
    });
    expect(await shallow.json()).toEqual({ jsonrpc: '2.0', id: 4, result: {} });

    const ws = new WebSocket(cli.listeners.ws ?? '', 'mcp');
    cleanups.push(() => ws.terminate());
    const answers: unknown[] = [];
    ws.on('message', (data) => answers.push(JSON.parse(String(data))));
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(initialize);
    ws.send(call(5, 10_000));
    ws.send('{"jsonrpc":"2.0","id":6,"method":"ping"}');
    for (let i = 0; i < 200 && answers.length < 3; i += 1)
      await new Promise((r) => setTimeout(r, 25));
    expect(answers).toContainEqual(
      expect.objectContaining({ id: 5, error: expect.objectContaining({ code: -32600 }) }),
    );
    expect(answers).toContainEqual({ jsonrpc: '2.0', id: 6, result: {} });
  });
});
