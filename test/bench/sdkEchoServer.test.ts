/**
 * The SDK echo fixture (bench/fixtures/sdkEchoServer.ts): a real v1 SDK `McpServer` over
 * stdio, spoken to by the bench's own client. Runs the compiled fixture (dist/).
 */
import { existsSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type Session } from '../../bench/client/session.js';
import { sdkEchoServerPath } from '../../bench/paths.js';

beforeAll(() => {
  if (!existsSync(sdkEchoServerPath)) {
    throw new Error(`${sdkEchoServerPath} missing: run npm run build`);
  }
});

const sessions: Session[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
});

describe('SDK echo fixture', () => {
  it('lists echo tools and returns the payload, or N characters, as text', async () => {
    const session = await openSession(
      { kind: 'stdio', command: process.execPath, args: [sdkEchoServerPath, '--tools', '2'] },
      { timeoutMs: 10_000 },
    );
    sessions.push(session);
    const list = await session.client.request('tools/list', {});
    expect((list.tools as { name: string }[]).map((t) => t.name)).toEqual(['echo', 'echo_1']);
    const echoed = await session.client.request('tools/call', {
      name: 'echo',
      arguments: { payload: 'héllo' },
    });
    expect(echoed).toMatchObject({ content: [{ type: 'text', text: 'héllo' }] });
    const sized = await session.client.request('tools/call', {
      name: 'echo_1',
      arguments: { bytes: 4 },
    });
    expect(sized).toMatchObject({ content: [{ type: 'text', text: 'xxxx' }] });
  });
});
