/**
 * Output batching across I/O callbacks (transports/streamTransport.ts, transports/writeTurn.ts):
 * messages that several I/O callbacks of one event-loop turn send to one stream transport
 * leave together at the turn's end, while the first callback's messages are written at once.
 * The callbacks are real: loopback TCP sockets whose data arrived before the loop polled, so
 * one poll phase runs one callback per socket.
 */
import { once } from 'node:events';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StdioServerTransport } from '../../transports/stdio.js';

const turnEnd = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Output writes as lists of message ids, one list per write. */
function recordWrites(output: PassThrough): number[][] {
  const writes: number[][] = [];
  output.on('data', (chunk: Buffer) =>
    writes.push(
      String(chunk)
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line).id as number),
    ),
  );
  return writes;
}

const open: { server: Server | undefined; sockets: Socket[] } = { server: undefined, sockets: [] };

afterEach(async () => {
  for (const s of open.sockets) s.destroy();
  open.sockets = [];
  if (open.server) await new Promise<void>((resolve) => open.server!.close(() => resolve()));
  open.server = undefined;
});

/** `count` loopback connections; `onData(i)` runs in the I/O callback of server socket i. */
async function connections(
  count: number,
  onData: (i: number) => void,
): Promise<{ clients: Socket[] }> {
  const server = createServer();
  open.server = server;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as { port: number }).port;
  const accepted: Socket[] = [];
  server.on('connection', (s: Socket) => {
    const i = accepted.length;
    accepted.push(s);
    open.sockets.push(s);
    s.on('data', () => onData(i));
  });
  const clients: Socket[] = [];
  for (let i = 0; i < count; i += 1) {
    const c = createConnection(port, '127.0.0.1');
    open.sockets.push(c);
    await once(c, 'connect');
    clients.push(c);
  }
  for (let tries = 0; accepted.length < count && tries < 200; tries += 1) {
    await new Promise((r) => setTimeout(r, 5));
  }
  expect(accepted).toHaveLength(count);
  return { clients };
}

function setup() {
  const output = new PassThrough();
  const transport = new StdioServerTransport({ input: new PassThrough(), output });
  return { transport, writes: recordWrites(output) };
}

describe('StreamTransport output batching across I/O callbacks', () => {
  it('writes what several callbacks of one turn send in two writes: the first at once, the rest at the turn end', async () => {
    const { transport, writes } = setup();
    let sentAt = -1;
    const writesWhenSent: number[] = [];
    const { clients } = await connections(3, (i) => {
      sentAt += 1;
      transport.send({ jsonrpc: '2.0', id: i, result: {} });
      writesWhenSent.push(writes.length);
    });
    // Every client writes in this tick; the data is in the kernel before the loop polls.
    for (const c of clients) c.write('x');
    for (let tries = 0; sentAt < 2 && tries < 200; tries += 1) await turnEnd();
    await turnEnd();
    expect(sentAt).toBe(2);
    // The first callback's message was written before send() returned; the later ones waited.
    expect(writesWhenSent).toEqual([1, 1, 1]);
    expect(writes).toHaveLength(2);
    expect(writes[0]).toHaveLength(1);
    expect(writes[1]).toHaveLength(2);
    expect([...writes[0]!, ...writes[1]!].sort()).toEqual([0, 1, 2]);
  });

  it('still writes every eighth message at once when many callbacks of one turn send', async () => {
    const { transport, writes } = setup();
    let received = 0;
    const { clients } = await connections(20, (i) => {
      received += 1;
      transport.send({ jsonrpc: '2.0', id: i, result: {} });
    });
    for (const c of clients) c.write('x');
    for (let tries = 0; received < 20 && tries < 200; tries += 1) await turnEnd();
    await turnEnd();
    expect(received).toBe(20);
    // 20 callbacks in one poll phase: 1 at once, then 8, 8 held and written as they fill,
    // then the last 3 at the turn end.
    expect(writes.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(writes.map((w) => w.length)).toEqual([1, 8, 8, 3]);
  });

  it('writes a lone message synchronously, in every turn', async () => {
    const { transport, writes } = setup();
    for (let turn = 0; turn < 3; turn += 1) {
      transport.send({ jsonrpc: '2.0', id: turn, result: {} });
      expect(writes).toHaveLength(turn + 1);
      await turnEnd();
    }
    expect(writes).toEqual([[0], [1], [2]]);
  });
  it('asks for the turn (a setImmediate) only now and then while one callback per turn sends', async () => {
    const { transport, writes } = setup();
    const turnEnds = (): number => {
      const calls = spy.mock.calls.filter(([fn]) => fn.name === 'endTurn');
      return calls.length;
    };
    const spy = vi.spyOn(globalThis, 'setImmediate');
    try {
      for (let turn = 0; turn < 64; turn += 1) {
        transport.send({ jsonrpc: '2.0', id: turn, result: {} });
        await turnEnd();
      }
      expect(writes).toHaveLength(64);
      // One request at a time: every 16th tick asks, not every one.
      expect(turnEnds()).toBeLessThanOrEqual(64 / 16 + 1);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('StreamTransport batch size', () => {
  it('writes a batch once it holds 32 KiB, whatever the count: a pipe takes 64 KiB at once', async () => {
    const { transport, writes } = setup();
    const text = 'x'.repeat(12 * 1024);
    for (let id = 1; id <= 6; id += 1) transport.send({ jsonrpc: '2.0', id, result: { text } });
    await turnEnd();
    // The first at once; 2–4 reach 36 KiB (written then); 5–6 at the tick's end. Eight in a
    // tick would otherwise be held: [1], [2, 3, 4, 5, 6].
    expect(writes).toEqual([[1], [2, 3, 4], [5, 6]]);
    await transport.close();
  });
});
