/**
 * The WebSocket relay floor (bench/subjects/wsRelayFloor.ts), the compiled process in front of
 * a WebSocket server of this test that says which connection answered: requests go round robin
 * over the connections with ids of the floor's own, answers come back with the client's ids.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { wsRelayFloorPath } from '../../bench/paths.js';
import { createTurnWriter } from '../../bench/subjects/wsRelayFloor.js';

type Json = Record<string, unknown>;

let server: WebSocketServer | undefined;
let floor: ChildProcessWithoutNullStreams | undefined;

beforeAll(() => {
  if (!existsSync(wsRelayFloorPath)) throw new Error(`build first: ${wsRelayFloorPath} is missing`);
});

afterEach(async () => {
  floor?.kill();
  floor = undefined;
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A server whose answers name the connection (0, 1, …) and the id it received. */
async function startServer(): Promise<{ url: string; received: Json[][] }> {
  const received: Json[][] = [];
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  server = wss;
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  wss.on('connection', (ws, req) => {
    expect(req.headers['sec-websocket-protocol']).toBe('mcp');
    const index = received.push([]) - 1;
    ws.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as Json;
      received[index]?.push(message);
      if (message.id === undefined) return;
      ws.send(
        JSON.stringify({
          jsonrpc: '2.0',
          id: message.id,
          result: { connection: index, id: message.id },
        }),
      );
    });
  });
  return { url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/mcp`, received };
}

/** Lines from the floor's stdout until `count` arrived (bounded by the test's timeout). */
function readLines(child: ChildProcessWithoutNullStreams, count: number): Promise<Json[]> {
  return new Promise((resolve) => {
    const lines: Json[] = [];
    let rest = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const parts = (rest + chunk.toString('utf8')).split('\n');
      rest = parts.pop() ?? '';
      for (const part of parts) if (part !== '') lines.push(JSON.parse(part) as Json);
      if (lines.length >= count) resolve(lines);
    });
  });
}

describe('wsRelayFloor', () => {
  it('spreads requests over its connections and gives the answers the client ids back', async () => {
    const { url, received } = await startServer();
    floor = spawn(process.execPath, [wsRelayFloorPath, '--url', url, '--connections', '3']);
    const answers = readLines(floor, 6);
    const ids = ['"a"', '7', '"x\\"y"', '8', '9', '"z"'];
    // A notification first: it goes on the first connection, unmapped.
    floor.stdin.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
    for (const id of ids) {
      floor.stdin.write(
        `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"echo","arguments":{"id":1}}}\n`,
      );
    }
    const lines = await answers;
    // Answers come back in any order across connections; each names the floor's id it was
    // sent with (1…6 in the client's order) and the connection that answered.
    const byFloorId = new Map(lines.map((l) => [(l.result as Json).id as number, l]));
    expect([...byFloorId.keys()].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    const connectionOf = ids.map((id, i) => {
      const answer = byFloorId.get(i + 1);
      if (answer === undefined) throw new Error(`no answer to request ${i}`);
      expect(answer.id).toEqual(JSON.parse(id));
      return (answer.result as Json).connection as number;
    });
    // Round robin (the server numbers connections as they arrive, not as the floor opened
    // them): requests 0, 1, 2 on three different connections, then the same three again.
    expect(new Set(connectionOf.slice(0, 3)).size).toBe(3);
    expect(connectionOf.slice(3)).toEqual(connectionOf.slice(0, 3));
    // The notification went on the first connection, the one of the first request.
    const first = received[connectionOf[0] as number] ?? [];
    expect(first.some((m) => m.method === 'notifications/initialized')).toBe(true);
    expect(received.flat().filter((m) => m.method === 'notifications/initialized')).toHaveLength(1);
    expect(received.map((r) => r.length).sort()).toEqual([2, 2, 3]);
  });

  it('refuses to start without a URL', async () => {
    floor = spawn(process.execPath, [wsRelayFloorPath, '--connections', '2']);
    let stderr = '';
    floor.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    const [code] = await once(floor, 'exit');
    expect(code).toBe(1);
    expect(stderr).toMatch(/usage: wsRelayFloor/);
  });
});

describe('createTurnWriter', () => {
  it("writes every line of one loop turn at once, at the turn's check phase", async () => {
    const writes: string[] = [];
    const write = createTurnWriter((text) => writes.push(text));
    write('a\n');
    await Promise.resolve();
    write('b\n');
    expect(writes).toEqual([]);
    await new Promise((r) => setImmediate(r));
    write('c\n');
    await new Promise((r) => setImmediate(r));
    expect(writes).toEqual(['a\nb\n', 'c\n']);
  });
});
