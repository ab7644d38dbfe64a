/**
 * Streamable HTTP, 2026-07-28 rules, on the real facade in front of a real router (fake
 * upstreams in process): header checks and their statuses, 404 for unknown methods, 202 for
 * notifications, 405 for GET/DELETE, no session id, cancellation by closing the response,
 * `subscriptions/listen` as an SSE stream, and legacy sessions on the same endpoint.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Router } from '../../actors/router/router.js';
import { createHttpFacade, type HttpFacade } from '../../transports/http/httpFacade.js';
import { type ParsedSseEvent, SseParser } from '../../transports/http/sseParser.js';
import { FakeUpstreams, startRouter, until } from '../actors/inProcess.js';
import { ACCEPT_BOTH, messagesOf, raw } from '../transports/http/fixtures.js';

const VERSION = '2026-07-28';
const META = {
  'io.modelcontextprotocol/protocolVersion': VERSION,
  'io.modelcontextprotocol/clientCapabilities': {},
};

let router: Router;
let facade: HttpFacade;
let fakes: FakeUpstreams;
const tools = ['echo', 'hang', 'ünïcode'];

beforeAll(async () => {
  fakes = new FakeUpstreams({ tools });
  ({ router } = await startRouter({ a: { command: 'x' } }, { fakes }));
  facade = await createHttpFacade({ port: 0 });
  facade.connections$.subscribe((transport) => router.connect(transport));
});
afterAll(async () => {
  await router.close();
  await facade.close();
});

const headersFor = (method: string, name?: string, extra: Record<string, string> = {}) => ({
  accept: ACCEPT_BOTH,
  'content-type': 'application/json',
  'mcp-protocol-version': VERSION,
  'mcp-method': method,
  ...(name === undefined ? {} : { 'mcp-name': name }),
  ...extra,
});

const body = (id: number, method: string, params: Record<string, unknown> = {}) =>
  JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: META } });

const postRaw = (headers: Record<string, string>, text: string) =>
  raw(facade.url, { method: 'POST', headers, body: text });

const errorOf = (text: string) =>
  JSON.parse(text) as { id: unknown; error: { code: number; data?: unknown } };

describe('Streamable HTTP, 2026-07-28 requests', () => {
  it('answers a valid tools/call with 200 JSON, resultType, and no session id', async () => {
    const res = await postRaw(
      headersFor('tools/call', 'a__echo'),
      body(1, 'tools/call', { name: 'a__echo', arguments: {} }),
    );
    expect(res.status).toBe(200);
    expect(res.headers['mcp-session-id']).toBeUndefined();
    expect(JSON.parse(res.body)).toMatchObject({ id: 1, result: { resultType: 'complete' } });
  });

  it('checks Mcp-Method, MCP-Protocol-Version and Mcp-Name against the body (400, -32020)', async () => {
    const call = body(2, 'tools/call', { name: 'a__echo', arguments: {} });
    const cases: Record<string, string>[] = [
      { ...headersFor('tools/call', 'a__echo'), 'mcp-method': 'tools/list' },
      (({ 'mcp-method': _m, ...rest }) => rest)(headersFor('tools/call', 'a__echo')),
      headersFor('tools/call', 'a__other'),
      headersFor('tools/call'),
      { ...headersFor('tools/call', 'a__echo'), 'mcp-protocol-version': '2025-11-25' },
    ];
    for (const headers of cases) {
      const res = await postRaw(headers, call);
      expect([res.status, errorOf(res.body).error.code, errorOf(res.body).id]).toEqual([
        400, -32020, 2,
      ]);
    }
  });

  it('decodes a Base64 Mcp-Name before comparing it', async () => {
    const name = 'a__ünïcode';
    const encoded = `=?base64?${Buffer.from(name, 'utf8').toString('base64')}?=`;
    const ok = await postRaw(
      headersFor('tools/call', encoded),
      body(3, 'tools/call', { name, arguments: {} }),
    );
    expect(ok.status).toBe(200);
    const wrong = `=?base64?${Buffer.from('a__echo').toString('base64')}?=`;
    const bad = await postRaw(
      headersFor('tools/call', wrong),
      body(4, 'tools/call', { name, arguments: {} }),
    );
    expect(bad.status).toBe(400);
  });

  it('answers 404 + -32601 for unknown and removed methods', async () => {
    for (const method of ['ping', 'logging/setLevel', 'no/such']) {
      const res = await postRaw(headersFor(method), body(5, method));
      expect([method, res.status, errorOf(res.body).error.code]).toEqual([method, 404, -32601]);
    }
  });

  it('answers 400 + -32022 (with the request id) for an unsupported version', async () => {
    const res = await postRaw(
      { ...headersFor('tools/list'), 'mcp-protocol-version': '1900-01-01' },
      JSON.stringify({
        jsonrpc: '2.0',
        id: 'v',
        method: 'tools/list',
        params: { _meta: { ...META, 'io.modelcontextprotocol/protocolVersion': '1900-01-01' } },
      }),
    );
    expect(res.status).toBe(400);
    expect(errorOf(res.body)).toMatchObject({
      id: 'v',
      error: { code: -32022, data: { supported: [VERSION], requested: '1900-01-01' } },
    });
  });

  it('answers 400 + -32602 for a request missing a required _meta key', async () => {
    const res = await postRaw(
      headersFor('tools/list'),
      JSON.stringify({
        jsonrpc: '2.0',
        id: 6,
        method: 'tools/list',
        params: { _meta: { 'io.modelcontextprotocol/protocolVersion': VERSION } },
      }),
    );
    expect([res.status, errorOf(res.body).error.code]).toEqual([400, -32602]);
  });

  it('accepts a notification with 202 and refuses GET and DELETE with 405', async () => {
    const note = await postRaw(
      headersFor('notifications/cancelled'),
      JSON.stringify({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: 99, _meta: META },
      }),
    );
    expect(note.status).toBe(202);
    for (const method of ['GET', 'DELETE']) {
      const res = await raw(facade.url, {
        method,
        headers: { accept: ACCEPT_BOTH, 'mcp-protocol-version': VERSION },
      });
      expect([method, res.status]).toEqual([method, 405]);
    }
  });

  it('cancels the upstream request when the client closes the response', async () => {
    const server = fakes.latest('a');
    const before = server.cancelled.length;
    const calls = server.seen.get('tools/call') ?? 0;
    const req = httpRequest(facade.url, {
      method: 'POST',
      headers: headersFor('tools/call', 'a__hang'),
    });
    req.on('error', () => {});
    req.end(body(7, 'tools/call', { name: 'a__hang', arguments: {} }));
    expect(await until(() => (server.seen.get('tools/call') ?? 0) > calls)).toBe(true);
    req.destroy();
    expect(await until(() => server.cancelled.length > before)).toBe(true);
  });

  it('streams subscriptions/listen: acknowledgment first, then tagged list changes', async () => {
    const controller = new AbortController();
    const res = await fetch(facade.url, {
      method: 'POST',
      headers: headersFor('subscriptions/listen'),
      body: body(8, 'subscriptions/listen', {
        notifications: { toolsListChanged: true, resourcesListChanged: true },
      }),
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    // The acknowledgment is sent as the listen is registered: change the catalog after it.
    const events: ParsedSseEvent[] = [];
    const parser = new SseParser({ onEvent: (event) => events.push(event) });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    const readUntil = async (count: number) => {
      while (messagesOf(events).length < count) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.push(decoder.decode(value, { stream: true }));
      }
    };
    await readUntil(1);
    tools.push('slow');
    fakes.latest('a').connection.notify('notifications/tools/list_changed');
    await readUntil(2);
    const messages = messagesOf(events) as { method: string; params: object }[];
    controller.abort();
    expect(messages[0]).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: {
        notifications: { toolsListChanged: true },
        _meta: { 'io.modelcontextprotocol/subscriptionId': 8 },
      },
    });
    expect(messages[1]).toMatchObject({
      method: 'notifications/tools/list_changed',
      params: { _meta: { 'io.modelcontextprotocol/subscriptionId': 8 } },
    });
  });

  it('keeps legacy sessions on the same endpoint', async () => {
    const res = await raw(facade.url, {
      method: 'POST',
      headers: { accept: ACCEPT_BOTH, 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 'legacy', version: '1' },
        },
      }),
    });
    expect(res.status).toBe(200);
    expect(res.headers['mcp-session-id']).toBeDefined();
    expect(res.body).toContain('"protocolVersion":"2025-11-25"');
  });
});
