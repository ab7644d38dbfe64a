/**
 * `mcpMux.access` covers what upstreams send, not only what clients call: the real CLI on
 * `--http` with two named bearer tokens, two real stdio upstreams (test/fixtures/surfaceServer.ts
 * as `a` and `b`) and official SDK clients. Alice may use `a` and `b`, Bob only `b`. Every
 * client sets its log level, so each would get the log messages a shared upstream broadcasts.
 *
 * Bob's wire (responses and his GET stream) never carries anything of `a`: its log messages
 * sent on its own or during Alice's calls while Bob has a call in flight, its resource updates,
 * the `list_changed` a change of `a` alone causes, its progress. Alice gets all of them.
 *
 * Absence is checked after a barrier: something of `b` that Bob does receive, sent after the
 * traffic of `a`, on the same GET stream (one SSE stream delivers in order).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Listeners, type Proc, startCli } from './cliNetwork.js';
import { eventually, notificationsOf } from './cliSessions.js';
import { fixture, recordTransport, writeConfig } from './harness.js';

const ALICE = 'alice-token-0123456789abcdef';
const BOB = 'bob-token-0123456789abcdef';

interface Peer {
  name: string;
  client: Client;
  wire: JSONRPCMessage[];
  transport: StreamableHTTPClientTransport;
}

let cli: Proc & { listeners: Listeners };
const peers: Peer[] = [];
let alice1: Peer;
let alice2: Peer;
let bob: Peer;

async function connect(name: string, token: string): Promise<Peer> {
  const url = new URL(cli.listeners.http as string);
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  const wire: JSONRPCMessage[] = [];
  recordTransport(transport, wire, [], undefined);
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(transport);
  await client.setLoggingLevel('debug');
  const peer = { name, client, wire, transport };
  peers.push(peer);
  return peer;
}

beforeAll(async () => {
  const surface = (name: string) =>
    fixture('surfaceServer', {
      args: [...fixture('surfaceServer').args, '--name', name, '--resources', '1'],
    });
  const config = writeConfig({
    mcpServers: { a: surface('a'), b: surface('b') },
    mcpMux: {
      auth: { tokens: { alice: ALICE, bob: BOB } },
      access: [
        { principals: ['token:alice'], upstreams: ['a', 'b'] },
        { principals: ['token:bob'], upstreams: ['b'] },
      ],
    },
  });
  cli = await startCli(config, ['--http', '127.0.0.1:0']);
  alice1 = await connect('alice-1', ALICE);
  alice2 = await connect('alice-2', ALICE);
  bob = await connect('bob', BOB);
}, 60_000);

afterAll(async () => {
  for (const peer of peers) {
    await peer.transport.terminateSession().catch(() => {});
    await peer.client.close().catch(() => {});
  }
  await cli?.stop();
});

type Log = { level: string; logger?: string; data?: unknown };
const logsOf = (peer: Peer, upstream: string, mark = 0): Log[] =>
  notificationsOf(peer.wire.slice(mark), 'notifications/message')
    .map((n) => n.params as Log)
    .filter((p) => p.logger === upstream || p.logger?.startsWith(`${upstream}/`) === true);
const listChanges = (peer: Peer) => notificationsOf(peer.wire, 'notifications/tools/list_changed');

/** Anything on `peer`'s wire since `mark` that came from upstream `a`, whatever its kind. */
const fromA = (peer: Peer, mark: number) =>
  peer.wire.slice(mark).filter((m) => {
    const text = JSON.stringify(m);
    return text.includes('"logger":"a') || text.includes('a://') || text.includes('"a/');
  });

/** Bob receives one more log message of `b` on his GET stream: whatever came before it has arrived. */
async function barrier(): Promise<void> {
  const notices = () => logsOf(bob, 'b').filter((l) => l.level === 'notice').length;
  const before = notices();
  await bob.client.callTool({ name: 'b__log', arguments: { levels: ['notice'], afterMs: 0 } });
  expect(await eventually(() => notices() > before, 10_000)).toBe(true);
}

describe('access rules cover what upstreams send', () => {
  it("keeps upstream a's own log messages (nothing in flight) from Bob", async () => {
    const mark = bob.wire.length;
    await alice1.client.callTool({
      name: 'a__log',
      arguments: { levels: ['warning'], afterMs: 20 },
    });
    const aliceGot = () =>
      [alice1, alice2].every((p) => logsOf(p, 'a').some((l) => l.level === 'warning'));
    expect(await eventually(aliceGot, 10_000)).toBe(true);
    await barrier();
    expect(logsOf(bob, 'a', mark)).toEqual([]);
    expect(fromA(bob, mark)).toEqual([]);
  }, 30_000);

  it("keeps the log messages of Alice's calls from Bob while he has a call of his own in flight", async () => {
    const mark = bob.wire.length;
    let bobProgress = 0;
    let aliceProgress = 0;
    const bobCall = bob.client.callTool({ name: 'b__sleep', arguments: { ms: 1_500 } }, undefined, {
      onprogress: () => bobProgress++,
    });
    const aliceCall = alice1.client.callTool(
      { name: 'a__sleep', arguments: { ms: 1_500 } },
      undefined,
      { onprogress: () => aliceProgress++ },
    );
    expect(await eventually(() => bobProgress > 0 && aliceProgress > 0, 10_000)).toBe(true);
    // Two of Alice's sessions have calls in flight to `a`: nothing tells whose call a message
    // belongs to, so it goes to the sessions that set a level and may use `a`.
    await alice2.client.callTool({ name: 'a__log', arguments: { levels: ['error', 'critical'] } });
    await Promise.all([bobCall, aliceCall]);
    const aliceGot = () =>
      [alice1, alice2].every((p) => logsOf(p, 'a').some((l) => l.level === 'critical'));
    expect(await eventually(aliceGot, 10_000)).toBe(true);
    await barrier();
    expect(logsOf(bob, 'a', mark)).toEqual([]);
    expect(fromA(bob, mark)).toEqual([]);
  }, 30_000);

  it("sends upstream a's resource updates to Alice's subscription only", async () => {
    const mark = bob.wire.length;
    const uriOf = async (peer: Peer, scheme: string) =>
      (await peer.client.listResources()).resources.find((r) => r.uri.includes(`${scheme}://`))
        ?.uri as string;
    const aUri = await uriOf(alice1, 'a');
    const bUri = await uriOf(bob, 'b');
    expect(aUri).toBeDefined();
    expect(await uriOf(bob, 'a')).toBeUndefined();
    await alice1.client.subscribeResource({ uri: aUri });
    await bob.client.subscribeResource({ uri: bUri });
    await alice1.client.callTool({ name: 'a__touch', arguments: { uri: 'a://item/1' } });
    const updated = (peer: Peer, uri: string) =>
      notificationsOf(peer.wire, 'notifications/resources/updated').some(
        (n) => n.params?.uri === uri,
      );
    expect(await eventually(() => updated(alice1, aUri), 10_000)).toBe(true);
    await bob.client.callTool({ name: 'b__touch', arguments: { uri: 'b://item/1' } });
    expect(await eventually(() => updated(bob, bUri), 10_000)).toBe(true);
    expect(updated(bob, aUri)).toBe(false);
    expect(fromA(bob, mark)).toEqual([]);
  }, 30_000);

  it('announces a list change caused by upstream a alone to Alice, not to Bob', async () => {
    const aliceBefore = listChanges(alice1).length;
    const bobBefore = listChanges(bob).length;
    await alice1.client.callTool({ name: 'a__add-tool', arguments: {} });
    expect(await eventually(() => listChanges(alice1).length > aliceBefore, 10_000)).toBe(true);
    // A change of `b` that Bob does see, after the one of `a` on the same GET stream.
    await bob.client.callTool({ name: 'b__add-tool', arguments: {} });
    expect(await eventually(() => listChanges(bob).length > bobBefore, 10_000)).toBe(true);
    expect(await eventually(() => listChanges(alice1).length > aliceBefore + 1, 10_000)).toBe(true);
    expect(listChanges(bob).length).toBe(bobBefore + 1);
    const bobTools = (await bob.client.listTools()).tools.map((t) => t.name);
    expect(bobTools).toContain('b__extra-1');
    expect(bobTools.some((name) => name.startsWith('a__'))).toBe(false);
  }, 30_000);
});
