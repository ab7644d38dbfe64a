/**
 * The echo fixture over real transports: a stdio child spoken to with raw lines, and the
 * Streamable HTTP and WebSocket modes through the bench's own clients. Runs the compiled
 * fixture (dist/), which `npm test` builds first.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type Session } from '../../bench/client/session.js';
import { echoServerPath } from '../../bench/paths.js';

type Json = Record<string, unknown>;

beforeAll(() => {
  if (!existsSync(echoServerPath)) throw new Error(`${echoServerPath} missing: run npm run build`);
});

const children: ChildProcessWithoutNullStreams[] = [];
const sessions: Session[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
  for (const c of children.splice(0)) c.kill();
});

/**
 * Write syscalls a process's main thread has made so far (`/proc/<pid>/task/<pid>/io`, `syscw`).
 * The main thread writes stdout; the process-wide count also holds V8's and libuv's worker
 * threads waking the loop (an eventfd write each time a background compile finishes), which
 * varies with load.
 */
function writeSyscalls(pid: number): number {
  const io = readFileSync(`/proc/${pid}/task/${pid}/io`, 'utf8');
  return Number(/^syscw:\s*(\d+)/m.exec(io)?.[1]);
}

/** A raw line-oriented conversation with a stdio echo child. */
function stdioEcho(...args: string[]) {
  const child = spawn(process.execPath, [echoServerPath, ...args]);
  children.push(child);
  const lines: Json[] = [];
  const waiters: (() => void)[] = [];
  let buffer = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (text: string) => {
    buffer += text;
    let nl = buffer.indexOf('\n');
    while (nl !== -1) {
      lines.push(JSON.parse(buffer.slice(0, nl)) as Json);
      buffer = buffer.slice(nl + 1);
      nl = buffer.indexOf('\n');
    }
    for (const w of waiters.splice(0)) w();
  });
  const send = (m: Json | string) =>
    child.stdin.write(`${typeof m === 'string' ? m : JSON.stringify(m)}\n`);
  /** Waits until `n` messages have arrived in total (5 s at most). */
  const until = async (n: number): Promise<Json[]> => {
    const deadline = Date.now() + 5000;
    while (lines.length < n) {
      if (Date.now() > deadline)
        throw new Error(`only ${lines.length} of ${n} messages: ${JSON.stringify(lines)}`);
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 100);
      });
    }
    return lines;
  };
  return { send, until, pid: child.pid! };
}

const init = (id: number, protocolVersion: string) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 't', version: '1' } },
});

describe('echo fixture over stdio', () => {
  const burst = (n: number): string =>
    Array.from({ length: n }, (_, i) =>
      JSON.stringify({ jsonrpc: '2.0', id: i, method: 'ping' }),
    ).join('\n');

  it.skipIf(!existsSync(`/proc/${process.pid}/task/${process.pid}/io`))(
    'writes each message with its own write() by default, and a burst in one with --batched',
    async () => {
      const n = 50;
      const perMessage = stdioEcho();
      const batched = stdioEcho('--batched');
      // Both answer one message first, so start-up writes are behind the baseline.
      perMessage.send({ jsonrpc: '2.0', id: 'w', method: 'ping' });
      batched.send({ jsonrpc: '2.0', id: 'w', method: 'ping' });
      await Promise.all([perMessage.until(1), batched.until(1)]);
      const before = [writeSyscalls(perMessage.pid), writeSyscalls(batched.pid)];
      // One chunk of 50 requests each.
      perMessage.send(burst(n));
      batched.send(burst(n));
      await Promise.all([perMessage.until(n + 1), batched.until(n + 1)]);
      expect(writeSyscalls(perMessage.pid) - before[0]!).toBeGreaterThanOrEqual(n);
      // A handful, not one: the burst may be read in more than one chunk under load, and the
      // main thread's count holds its own loop wake-ups. Far below one per message either way.
      expect(writeSyscalls(batched.pid) - before[1]!).toBeLessThan(n / 5);
    },
  );

  it('answers initialize with the client version when supported, and the default otherwise', async () => {
    const echo = stdioEcho();
    echo.send(init(1, '2025-03-26'));
    echo.send(init(2, '1999-01-01'));
    const [a, b] = await echo.until(2);
    expect(a).toMatchObject({
      id: 1,
      result: { protocolVersion: '2025-03-26', capabilities: { tools: {} } },
    });
    expect(b).toMatchObject({ id: 2, result: { protocolVersion: '2025-06-18' } });
  });

  it('echoes the payload of tools/call, or returns N bytes', async () => {
    const echo = stdioEcho('--payload-bytes', '7');
    echo.send(init(1, '2025-06-18'));
    echo.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    echo.send({
      jsonrpc: '2.0',
      id: 'a',
      method: 'tools/call',
      params: { name: 'echo', arguments: { payload: 'héllo' } },
    });
    echo.send({
      jsonrpc: '2.0',
      id: 0,
      method: 'tools/call',
      params: { name: 'echo', arguments: { bytes: 3 } },
    });
    echo.send({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'echo' } });
    echo.send({ jsonrpc: '2.0', id: 5, method: 'ping' });
    const out = await echo.until(5);
    expect(out[1]).toEqual({
      jsonrpc: '2.0',
      id: 'a',
      result: { content: [{ type: 'text', text: 'héllo' }] },
    });
    expect(out[2]).toMatchObject({ id: 0, result: { content: [{ text: 'xxx' }] } });
    expect(out[3]).toMatchObject({ id: 4, result: { content: [{ text: 'xxxxxxx' }] } });
    expect(out[4]).toEqual({ jsonrpc: '2.0', id: 5, result: {} });
  });

  it('sends progress before the result when asked, after the simulated work', async () => {
    const echo = stdioEcho('--work-ms', '30');
    const started = Date.now();
    echo.send({
      jsonrpc: '2.0',
      id: 9,
      method: 'tools/call',
      params: {
        name: 'echo',
        arguments: { payload: 'p', progressSteps: 2 },
        _meta: { progressToken: 'tok' },
      },
    });
    const out = await echo.until(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    expect(out.map((m) => m.method ?? m.id)).toEqual([
      'notifications/progress',
      'notifications/progress',
      9,
    ]);
    expect(out[1]).toMatchObject({ params: { progressToken: 'tok', progress: 2, total: 2 } });
  });

  it('paginates tools/list with nextCursor', async () => {
    const echo = stdioEcho('--tools', '250');
    echo.send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const [first] = await echo.until(1);
    const page1 = first!.result as { tools: { name: string }[]; nextCursor?: string };
    expect(page1.tools).toHaveLength(100);
    expect(page1.tools[0]!.name).toBe('echo');
    echo.send({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: { cursor: '200' } });
    const out = await echo.until(2);
    const page3 = out[1]!.result as { tools: { name: string }[]; nextCursor?: string };
    expect(page1.nextCursor).toBe('100');
    expect(page3.tools).toHaveLength(50);
    expect(page3.tools[49]!.name).toBe('echo_249');
    expect(page3.nextCursor).toBeUndefined();
  });

  it('answers bad input with JSON-RPC errors and keeps going', async () => {
    const echo = stdioEcho();
    echo.send('{not json');
    echo.send({ jsonrpc: '2.0', id: 1, method: 'nope' });
    echo.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'missing' } });
    echo.send({ jsonrpc: '2.0', id: 3, method: 'ping' });
    const out = await echo.until(4);
    expect(out[0]).toMatchObject({ id: null, error: { code: -32700 } });
    expect(out[1]).toMatchObject({ id: 1, error: { code: -32601 } });
    expect(out[2]).toMatchObject({ id: 2, error: { code: -32602 } });
    expect(out[3]).toMatchObject({ id: 3, result: {} });
  });
});

/** Starts a network echo on a free port and returns its URL (read from its stderr). */
async function networkEcho(transport: 'http' | 'ws'): Promise<string> {
  const child = spawn(process.execPath, [echoServerPath, '--transport', transport, '--port', '0']);
  children.push(child);
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (t: string) => {
      err += t;
      const m = /listening (\S+)/.exec(err);
      if (m) resolve(m[1]!);
    });
    child.on('exit', () => reject(new Error(`echo exited: ${err}`)));
  });
}

describe('echo fixture over the network', () => {
  it('serves Streamable HTTP with a session id, JSON answers and SSE for progress', async () => {
    const url = await networkEcho('http');
    const session = await openSession({ kind: 'http', url });
    sessions.push(session);
    expect(session.server.serverInfo).toMatchObject({ name: 'bench-echo' });
    const result = await session.client.request('tools/call', {
      name: 'echo',
      arguments: { payload: 'over http' },
    });
    expect(result).toEqual({ content: [{ type: 'text', text: 'over http' }] });
    const progress: unknown[] = [];
    session.client.onNotification = (m) => progress.push(m.params);
    const withProgress = await session.client.request('tools/call', {
      name: 'echo',
      arguments: { bytes: 2, progressSteps: 3 },
      _meta: { progressToken: 7 },
    });
    expect(withProgress).toMatchObject({ content: [{ text: 'xx' }] });
    expect(progress).toHaveLength(3);
    // Without the session id the server refuses.
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(res.status).toBe(400);
  });

  it('serves WebSocket with the mcp subprotocol', async () => {
    const url = await networkEcho('ws');
    const session = await openSession({ kind: 'ws', url });
    sessions.push(session);
    const results = await Promise.all(
      [1, 2, 3].map((n) =>
        session.client.request('tools/call', { name: 'echo', arguments: { bytes: n } }),
      ),
    );
    expect(results.map((r) => (r.content as { text: string }[])[0]!.text)).toEqual([
      'x',
      'xx',
      'xxx',
    ]);
  });
});
