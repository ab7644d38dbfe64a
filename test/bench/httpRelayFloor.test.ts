/**
 * The relay floor of an HTTP upstream hop (bench/subjects/httpRelayFloor.ts) as real processes
 * (dist/, which `npm test` builds first) in front of the real HTTP echo upstream: from stdio,
 * requests answered with the ids the client sent; from HTTP, the session header passed both
 * ways and each POST answered with its own id.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { echoServerPath, httpRelayFloorPath } from '../../bench/paths.js';
import {
  freePort,
  type ServerProcess,
  spawnServer,
  waitForPort,
} from '../../bench/subjects/processes.js';

type Json = Record<string, unknown>;

const servers: ServerProcess[] = [];
const children: ChildProcessWithoutNullStreams[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) c.kill();
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});

beforeAll(() => {
  for (const p of [httpRelayFloorPath, echoServerPath]) {
    if (!existsSync(p)) throw new Error(`${p} missing: run npm run build`);
  }
});

async function serve(args: string[]): Promise<number> {
  const port = await freePort();
  const server = spawnServer(process.execPath, [...args, '--port', String(port)]);
  servers.push(server);
  await waitForPort(server, port);
  return port;
}

const echo = async (): Promise<string> =>
  `http://127.0.0.1:${await serve([echoServerPath, '--transport', 'http'])}/mcp`;

const INIT =
  '{"jsonrpc":"2.0","id":"init \\"1\\"","method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}';
const call = (id: string, payload: string): string =>
  `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"echo","arguments":${JSON.stringify({ payload })}}}`;
const text = (m: Json | undefined) =>
  (m?.result as { content: { text: string }[] } | undefined)?.content[0]?.text;

describe('HTTP relay floor', () => {
  it('from stdio: initialize first, then requests in flight answered with their own ids', async () => {
    const child = spawn(process.execPath, [httpRelayFloorPath, '--upstream', await echo()]);
    children.push(child);
    const lines: Json[] = [];
    let buffer = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buffer += chunk;
      for (let nl = buffer.indexOf('\n'); nl !== -1; nl = buffer.indexOf('\n')) {
        lines.push(JSON.parse(buffer.slice(0, nl)) as Json);
        buffer = buffer.slice(nl + 1);
      }
    });
    const until = async (n: number): Promise<Json[]> => {
      for (const deadline = Date.now() + 5000; lines.length < n; ) {
        if (Date.now() > deadline) throw new Error(`only ${lines.length} of ${n}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return lines;
    };
    let batch = `${INIT}\n{"jsonrpc":"2.0","method":"notifications/initialized"}\n`;
    for (let i = 0; i < 50; i++) batch += `${call(String(100 + i), `p${i}`)}\n`;
    child.stdin.write(batch);
    const all = await until(51);
    expect(all[0]).toMatchObject({ id: 'init "1"', result: { protocolVersion: '2025-06-18' } });
    const byId = new Map(all.slice(1).map((m) => [m.id, m]));
    for (let i = 0; i < 50; i++) expect(text(byId.get(100 + i))).toBe(`p${i}`);
  });

  it('from HTTP: the session header both ways, each POST answered with its own id', async () => {
    const port = await serve([httpRelayFloorPath, '--upstream', await echo()]);
    const url = `http://127.0.0.1:${port}/mcp`;
    const post = (body: string, session?: string) =>
      fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...(session === undefined ? {} : { 'mcp-session-id': session }),
        },
        body,
      });
    const init = await post(INIT);
    const session = init.headers.get('mcp-session-id') ?? undefined;
    expect(session).toMatch(/\w+/);
    expect(await init.json()).toMatchObject({ id: 'init "1"' });
    const answers = await Promise.all(
      ['"a"', '7'].map(
        async (id) => (await (await post(call(id, `x${id}`), session)).json()) as Json,
      ),
    );
    expect(answers.map((m) => [m.id, text(m)])).toEqual([
      ['a', 'x"a"'],
      [7, 'x7'],
    ]);
    expect((await post(call('1', 'y'))).status).toBe(400); // no session: the upstream's answer
  });
});
