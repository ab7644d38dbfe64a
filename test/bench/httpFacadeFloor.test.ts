/**
 * The relay floor of an HTTP facade in front of a stdio upstream (bench/subjects/
 * httpFacadeFloor.ts) as a real process (dist/, which `npm test` builds first) with the real
 * stdio echo upstream: each POST answered with its own id, in one JSON reply with the session
 * header; a notification answered 202.
 */
import { existsSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { echoServerPath, httpFacadeFloorPath } from '../../bench/paths.js';
import {
  freePort,
  type ServerProcess,
  spawnServer,
  waitForPort,
} from '../../bench/subjects/processes.js';

const servers: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});

beforeAll(() => {
  for (const p of [httpFacadeFloorPath, echoServerPath]) {
    if (!existsSync(p)) throw new Error(`${p} missing: run npm run build`);
  }
});

const post = (url: string, body: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body,
  });

describe('HTTP facade relay floor', () => {
  it('relays POSTs to the stdio upstream, each answered with its own id', async () => {
    const port = await freePort();
    const floor = spawnServer(process.execPath, [
      httpFacadeFloorPath,
      '--port',
      String(port),
      '--',
      process.execPath,
      echoServerPath,
      '--tools',
      '1',
    ]);
    servers.push(floor);
    await waitForPort(floor, port);
    const url = `http://127.0.0.1:${port}/mcp`;
    const init = await post(
      url,
      '{"jsonrpc":"2.0","id":"init \\"1\\"","method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}',
    );
    expect(init.headers.get('mcp-session-id')).toBeTruthy();
    expect(await init.json()).toMatchObject({
      id: 'init "1"',
      result: { protocolVersion: '2025-06-18' },
    });
    const note = await post(url, '{"jsonrpc":"2.0","method":"notifications/initialized"}');
    expect(note.status).toBe(202);
    const answers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const res = await post(
          url,
          `{"jsonrpc":"2.0","id":${100 + i},"method":"tools/call","params":{"name":"echo","arguments":{"payload":"p${i}"}}}`,
        );
        return (await res.json()) as { id: number; result: { content: { text: string }[] } };
      }),
    );
    answers.forEach((answer, i) => {
      expect(answer.id).toBe(100 + i);
      expect(answer.result.content[0]?.text).toBe(`p${i}`);
    });
  });
});
