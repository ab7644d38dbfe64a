/**
 * One client request on `node:http` (transports/http/httpRequest.ts) against a loopback server:
 * the body with its length, keep-alive reuse, aborting before and during, an unreachable
 * server, a header node refuses, and the response helpers.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createAgent,
  discard,
  HttpConnectError,
  header,
  isOk,
  mediaType,
  sendRequest,
} from '../../../transports/http/httpRequest.js';

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
  server = undefined;
});

interface Seen {
  method: string | undefined;
  headers: IncomingMessage['headers'];
  body: string;
  socket: unknown;
}

async function start(answer: (res: ServerResponse) => void = (res) => res.end('ok')) {
  const seen: Seen[] = [];
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      seen.push({ method: req.method, headers: req.headers, body, socket: req.socket });
      answer(res);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = new URL(`http://127.0.0.1:${(server.address() as { port: number }).port}/mcp`);
  return { url, seen };
}

describe('sendRequest', () => {
  it('sends the body with its byte length (not chunked) and reuses the kept-alive socket', async () => {
    const { url, seen } = await start((res) => {
      res.writeHead(202, { 'content-type': 'Application/JSON; charset=utf-8', 'x-a': 'b' });
      res.end('{}');
    });
    const agent = createAgent(url, 4);
    try {
      const body = '{"text":"é"}';
      const res = await sendRequest(url, agent, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect([isOk(res), mediaType(res), header(res, 'x-a')]).toEqual([
        true,
        'application/json',
        'b',
      ]);
      discard(res);
      await once(res, 'end');
      const second = await sendRequest(url, agent, { method: 'GET', headers: {} });
      discard(second);
      expect(seen[0]?.headers['content-length']).toBe(String(Buffer.byteLength(body)));
      expect(seen[0]?.headers['transfer-encoding']).toBeUndefined();
      expect(seen[0]?.body).toBe(body);
      expect(seen[1]?.method).toBe('GET');
      expect(seen[1]?.socket).toBe(seen[0]?.socket);
    } finally {
      agent.destroy();
    }
  });

  it('rejects with an AbortError when the signal is aborted, before or while waiting', async () => {
    const { url } = await start(() => {}); // never answers
    const agent = createAgent(url, 4);
    try {
      const aborted = AbortSignal.abort('gone');
      await expect(
        sendRequest(url, agent, { method: 'GET', headers: {}, signal: aborted }),
      ).rejects.toMatchObject({ name: 'AbortError', message: 'the request was aborted: gone' });
      const controller = new AbortController();
      const pending = sendRequest(url, agent, {
        method: 'GET',
        headers: {},
        signal: controller.signal,
      });
      setTimeout(() => controller.abort('timeout'), 20);
      await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    } finally {
      agent.destroy();
    }
  });

  it('rejects with HttpConnectError when nothing listens, and at once for a header node refuses', async () => {
    const { url } = await start();
    server?.close();
    server?.closeAllConnections();
    await once(server!, 'close');
    server = undefined;
    const agent = createAgent(url, 4);
    try {
      const refused = await sendRequest(url, agent, { method: 'GET', headers: {} }).catch(
        (e: unknown) => e,
      );
      expect(refused).toBeInstanceOf(HttpConnectError);
      expect((refused as Error).message).toMatch(
        /^cannot reach http:\/\/127\.0\.0\.1:\d+: .*ECONNREFUSED/,
      );
      await expect(
        sendRequest(url, agent, { method: 'GET', headers: { 'x-bad': 'a\nb' } }),
      ).rejects.toMatchObject({ code: 'ERR_INVALID_CHAR' });
    } finally {
      agent.destroy();
    }
  });
});

describe('response helpers', () => {
  it('isOk is 2xx only; header takes the first of repeated values', () => {
    const res = (statusCode: number, headers: IncomingMessage['headers'] = {}) =>
      ({ statusCode, headers }) as IncomingMessage;
    expect([199, 200, 204, 299, 300, 404].map((s) => isOk(res(s)))).toEqual([
      false,
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(header(res(200, { 'set-cookie': ['a=1', 'b=2'] }), 'set-cookie')).toBe('a=1');
    expect(header(res(200), 'x')).toBeUndefined();
    expect(mediaType(res(200))).toBeUndefined();
  });

  it('createAgent picks the scheme’s agent and keeps sockets alive', () => {
    const http = createAgent(new URL('http://127.0.0.1/'), 3);
    const https = createAgent(new URL('https://127.0.0.1/'), 3);
    expect(http.constructor.name).toBe('Agent');
    expect(https.maxSockets).toBe(3);
    expect((https as unknown as { protocol: string }).protocol).toBe('https:');
    expect((http as unknown as { keepAlive: boolean }).keepAlive).toBe(true);
    http.destroy();
    https.destroy();
  });
});
