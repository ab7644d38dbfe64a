/**
 * A POST stream that ended without a result (its request cancelled, or answered with an error)
 * is complete: the SDK v1 client still "resumes" it with GET `Last-Event-ID`, and an empty SSE
 * answer to that GET made it poll again after its reconnection delay, forever, once per such
 * call (in the soak: hundreds of GETs a second, the facade's connection cap hit at half of
 * saturation). The facade answers 204 instead, which ends the client's polling. Real SDK
 * client transport, real facade and `Connection` on loopback; a short reconnection delay so a
 * loop shows within the test's window.
 */
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { concat, NEVER, Observable, of } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { Connection } from '../../../core/rpc/connection.js';
import type { JsonRpcRequest } from '../../../core/rpc/jsonrpc.js';
import type { InboundEvent } from '../../../core/rpc/types.js';
import { createHttpFacade, type HttpFacade } from '../../../transports/http/httpFacade.js';
import type { StreamableHttpSession } from '../../../transports/http/streamableHttpSession.js';
import { initialize, messagesOf, post, readEvents, until } from './fixtures.js';

let facade: HttpFacade | undefined;
let client: StreamableHTTPClientTransport | undefined;
afterEach(async () => {
  await client?.close();
  await facade?.close();
  client = undefined;
  facade = undefined;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `hang`: one progress event (the POST turns into SSE), never a result; `fail`: the same, then an error. */
function handle(request: JsonRpcRequest): Observable<InboundEvent> {
  const progress = of<InboundEvent>({ kind: 'progress', params: { progress: 1 } });
  if (request.method === 'hang') return concat(progress, NEVER);
  if (request.method === 'fail') {
    return concat(
      progress,
      new Observable<InboundEvent>((s) => s.error(new Error('the tool failed'))),
    );
  }
  return of({ kind: 'result', result: {} });
}

interface Get {
  lastEventId: string | null;
  status: number;
}

async function start() {
  facade = await createHttpFacade();
  const sessions: StreamableHttpSession[] = [];
  facade.connections$.subscribe((session) => {
    sessions.push(session as StreamableHttpSession);
    new Connection(session, { handlers: { request: handle } });
  });
  const gets: Get[] = [];
  const countingFetch = async (input: string | URL | Request, init?: RequestInit) => {
    const res = await fetch(input, init);
    if (init?.method === 'GET') {
      const lastEventId = new Headers(init.headers).get('last-event-id');
      gets.push({ lastEventId, status: res.status });
    }
    return res;
  };
  client = new StreamableHTTPClientTransport(new URL(facade.url), {
    fetch: countingFetch,
    reconnectionOptions: {
      initialReconnectionDelay: 10,
      maxReconnectionDelay: 10,
      reconnectionDelayGrowFactor: 1,
      maxRetries: 2,
    },
  });
  const received: JSONRPCMessage[] = [];
  client.onmessage = (message) => received.push(message);
  client.onerror = () => {};
  await client.start();
  await client.send(initialize() as JSONRPCMessage);
  await until(() => received.length === 1);
  await client.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return { sessions, gets, received, client };
}

const N = 5;
/** Resumption GETs (with `Last-Event-ID`) so far. */
const resumptions = (gets: Get[]) => gets.filter((get) => get.lastEventId !== null);

describe('a complete POST stream is not polled forever', () => {
  it(`${N} cancelled calls: at most one resumption each, answered 204, then quiet`, async () => {
    const { sessions, gets, received, client } = await start();
    for (let id = 10; id < 10 + N; id++) {
      await client.send({
        jsonrpc: '2.0',
        id,
        method: 'hang',
        params: { _meta: { progressToken: id } },
      });
    }
    // every call streams (its progress arrived), then the client cancels each of them
    await until(() => received.length === 1 + N);
    for (let id = 10; id < 10 + N; id++) {
      await client.send({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: id, reason: 'gave up' },
      });
    }
    // With a 10 ms reconnection delay, a polling loop makes ~20 GETs per call in 200 ms.
    await sleep(300);
    const first = resumptions(gets);
    expect(first.length).toBeGreaterThan(0);
    expect(first.length).toBeLessThanOrEqual(N);
    expect(first.every((get) => get.status === 204)).toBe(true);
    await sleep(200);
    expect(resumptions(gets)).toHaveLength(first.length);
    expect(sessions[0]!.isOpen).toBe(true);
  });

  it('a call answered with an error on its stream is not polled either', async () => {
    const { gets, received, client } = await start();
    await client.send({
      jsonrpc: '2.0',
      id: 20,
      method: 'fail',
      params: { _meta: { progressToken: 20 } },
    });
    await until(() => received.some((m) => 'id' in m && m.id === 20 && 'error' in m));
    await sleep(200);
    const first = resumptions(gets);
    expect(first.length).toBeLessThanOrEqual(1);
    expect(first.every((get) => get.status === 204)).toBe(true);
    await sleep(200);
    expect(resumptions(gets)).toHaveLength(first.length);
  });

  it("a resumed live stream opens with the client's own event id, then ends like any other", async () => {
    const { sessions } = await start();
    const headers = {
      'mcp-session-id': sessions[0]!.sessionId!,
      'mcp-protocol-version': '2025-06-18',
    };
    const call = {
      jsonrpc: '2.0',
      id: 40,
      method: 'hang',
      params: { _meta: { progressToken: 40 } },
    };
    const hang = await post(facade!.url, call, headers);
    const seen = await readEvents(hang, 2); // priming and progress, then the connection drops
    const lastId = seen.at(-1)!.lastEventId;
    const resume = () =>
      fetch(facade!.url, {
        headers: { ...headers, accept: 'text/event-stream', 'last-event-id': lastId },
      });
    const resumed = await resume();
    expect(resumed.status).toBe(200);
    const cancel = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 40 } };
    expect((await post(facade!.url, cancel, headers)).status).toBe(202);
    // Without an id here, SDK clients would resume with a GET without one: a second GET
    // stream, which replaces the session's, which reconnects and replaces it, and so on.
    const events = await readEvents(resumed);
    expect(events[0]?.lastEventId).toBe(lastId);
    expect(messagesOf(events)).toEqual([]);
    expect((await resume()).status).toBe(204);
  });
});
