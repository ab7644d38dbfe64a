/**
 * Envelope-only forwarding through mcp-mux's facades, raw text on the wire: a tool
 * call's arguments reach the upstream and its result reaches the client byte for byte (numbers
 * `JSON.parse` would round, spacing), with only the id and the tool name rewritten; a message
 * that is not valid JSON is answered -32700 and never reaches the upstream. The real CLI over
 * stdio, and its Streamable HTTP and WebSocket listeners as the CLI starts them
 * (`startFacades`); the upstreams' side: envelopeForwardingUpstreams.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startFacades } from '../../bin/facades.js';
import { silentLogger } from '../../core/log/log.js';
import { createRouter } from '../../index.js';
import { fixture, loopbackFacadeOptions } from './harness.js';
import {
  ARGS,
  type Cleanups,
  INIT,
  receivedBy,
  SHORT,
  startCli,
  startInitializedCli,
} from './rawForwarding.js';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const call = (id: string, args: string, name = 'up__raw') =>
  `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"${name}","arguments":${args}}}`;
/** ARGS with a broken number: not JSON. */
const BROKEN = ARGS.replace('"f": 2.50E-3', '"f": 2.50E-');

describe('envelope-only forwarding over stdio', () => {
  it('passes arguments and result through byte for byte, rewriting only id and name', async () => {
    const cli = startCli(cleanups);
    cli.send(JSON.stringify(INIT));
    expect(await cli.answer('1')).toContain('"result"');
    cli.send('{"jsonrpc":"2.0","method":"notifications/initialized"}');
    cli.send(call('"c-2"', ARGS));
    const line = await cli.answer('"c-2"');
    // The result as the upstream wrote it, spliced after the client's id.
    expect(line).toMatch(/^\{"jsonrpc":"2\.0","id":"c-2","result":\{ "content" : \[/);
    expect(line).toContain('"big":12345678901234567890123, "float":1.50e+2, "pad":"ppp');
    // What the upstream received: its own id and name, the arguments as the client wrote them.
    expect(receivedBy(line)).toContain(`"name":"raw","arguments":${ARGS}`);
    expect(receivedBy(line)).not.toContain('c-2');
    // Arguments of any size: a short one keeps its big number too.
    cli.send(call('3', SHORT));
    expect(receivedBy(await cli.answer('3'))).toContain(`"name":"raw","arguments":${SHORT}}`);
  });

  it('answers a malformed call with -32700 and never forwards it', async () => {
    const cli = await startInitializedCli(cleanups, fixture('rawEchoServer'));
    cli.send(call('2', BROKEN));
    expect(await cli.answer('null')).toContain('"code":-32700');
    cli.send(call('3', '{}', 'up__count'));
    expect(await cli.answer('3')).toContain('"text":"0"');
  });
});

/** The CLI's HTTP and WebSocket listeners (`startFacades`) in front of the raw echo. */
async function startListeners(): Promise<{ http: string; ws: string }> {
  const router = createRouter(
    { mcpServers: { up: fixture('rawEchoServer') } },
    { log: silentLogger },
  );
  await router.start();
  const facades = await startFacades(
    router,
    [
      { kind: 'http', host: '127.0.0.1', port: 0 },
      { kind: 'ws', host: '127.0.0.1', port: 0 },
    ],
    loopbackFacadeOptions(),
  );
  cleanups.push(async () => {
    await facades.close();
    await router.close();
  });
  const url = (kind: string) => facades.endpoints.find((e) => e.kind === kind)?.url ?? '';
  return { http: url('http'), ws: url('ws') };
}

describe("envelope-only forwarding over the CLI's network listeners", () => {
  it("Streamable HTTP: passes a POST's arguments and the result through byte for byte", async () => {
    const { http } = await startListeners();
    const post = (body: string, session?: string) =>
      fetch(http, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...(session === undefined
            ? {}
            : { 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' }),
        },
        body,
      });
    const init = await post(JSON.stringify(INIT));
    expect(init.status).toBe(200);
    const session = init.headers.get('mcp-session-id') ?? '';
    await init.text();
    const initialized = await post(
      '{"jsonrpc":"2.0","method":"notifications/initialized"}',
      session,
    );
    expect(initialized.status).toBe(202);

    const answered = await post(call('"c-2"', ARGS), session);
    expect(answered.headers.get('content-type')).toContain('application/json');
    const answer = await answered.text();
    expect(answer).toMatch(/^\{"jsonrpc":"2\.0","id":"c-2","result":\{ "content" : \[/);
    expect(answer).toContain('"big":12345678901234567890123, "float":1.50e+2, "pad":"ppp');
    expect(receivedBy(answer)).toContain(`"name":"raw","arguments":${ARGS}`);
    // Short arguments too (ROUTED_RAW_MIN_CHARS): the big number keeps its digits.
    const short = await post(call('5', SHORT), session);
    expect(receivedBy(await short.text())).toContain(`"arguments":${SHORT}}`);

    // Invalid JSON in a long argument: refused with -32700, never forwarded.
    const refused = await post(call('3', BROKEN), session);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('"code":-32700');
    const count = await post(call('4', '{}', 'up__count'), session);
    expect(await count.text()).toContain('"text":"2"'); // the two calls above, not the broken one
  });

  it('WebSocket: passes arguments through byte for byte', async () => {
    const { ws } = await startListeners();
    const socket = new WebSocket(ws, ['mcp']);
    cleanups.push(() => socket.terminate());
    const frames: string[] = [];
    socket.on('message', (data) => frames.push(String(data)));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const answer = async (id: string): Promise<string> => {
      for (let waited = 0; waited < 10_000; waited += 10) {
        const found = frames.find((f) => f.startsWith(`{"jsonrpc":"2.0","id":${id},`));
        if (found !== undefined) return found;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`no answer to ${id}`);
    };
    socket.send(JSON.stringify(INIT));
    await answer('1');
    socket.send('{"jsonrpc":"2.0","method":"notifications/initialized"}');
    socket.send(call('2', SHORT));
    expect(receivedBy(await answer('2'))).toContain(`"name":"raw","arguments":${SHORT}}`);
  });
});
