/**
 * The HTTP facade's relay floor (bench/subjects/httpFacadeFloor.ts) in front of the stdio echo,
 * spoken to by the bench's own Streamable HTTP client. Runs the compiled scripts (dist/).
 */
import { existsSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type Session } from '../../bench/client/session.js';
import { echoServerPath, httpFacadeFloorPath } from '../../bench/paths.js';
import {
  freePort,
  type ServerProcess,
  spawnServer,
  waitForPort,
} from '../../bench/subjects/processes.js';

beforeAll(() => {
  if (!existsSync(httpFacadeFloorPath)) {
    throw new Error(`${httpFacadeFloorPath} missing: run npm run build`);
  }
});

const open: { session?: Session | undefined; floor?: ServerProcess | undefined } = {};
afterEach(async () => {
  await open.session?.close();
  await open.floor?.stop();
});

describe('HTTP facade relay floor', () => {
  it('relays concurrent calls to the stdio upstream, each answer with its own id', async () => {
    const port = await freePort();
    const floor = spawnServer(process.execPath, [
      httpFacadeFloorPath,
      '--port',
      String(port),
      '--',
      process.execPath,
      echoServerPath,
    ]);
    open.floor = floor;
    await waitForPort(floor, port);
    const session = await openSession({ kind: 'http', url: `http://127.0.0.1:${port}/mcp` });
    open.session = session;
    const texts = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const r = await session.client.request('tools/call', {
          name: 'echo',
          arguments: { payload: `p${i}` },
        });
        return (r.content as { text: string }[])[0]!.text;
      }),
    );
    expect(texts).toEqual(Array.from({ length: 20 }, (_, i) => `p${i}`));
  });
});
