/**
 * One client request on undici (transports/http/httpRequest.ts, httpCall.ts) against a loopback
 * server: the body with its length, keep-alive reuse, the path and credentials of the URL,
 * aborting before and while waiting (queued in the pool too), an unreachable server, a header
 * undici refuses, redirects not followed, and the response helpers.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { discard, readBody } from '../../../transports/http/httpBody.js';
import {
  HttpCall,
  HttpClient,
  HttpConnectError,
  header,
  isOk,
  mediaType,
} from '../../../transports/http/httpRequest.js';

let server: Server | undefined;
let client: HttpClient | undefined;
afterEach(() => {
  client?.destroy();
  client = undefined;
  server?.closeAllConnections();
  server?.close();
  server = undefined;
});

interface Seen {
  method: string | undefined;
  url: string | undefined;
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
      seen.push({
        method: req.method,
        url: req.url,
        headers: req.headers,
        body,
        socket: req.socket,
      });
      answer(res);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = new URL(`http://127.0.0.1:${(server.address() as { port: number }).port}/mcp?x=1`);
  return { url, seen };
}

describe('HttpClient', () => {
  it('sends the body with its byte length (not chunked) and reuses the kept-alive socket', async () => {
    const { url, seen } = await start((res) => {
      res.writeHead(202, { 'content-type': 'Application/JSON; charset=utf-8', 'x-a': 'b' });
      res.end('{}');
    });
    client = new HttpClient(url, { connections: 4 });
    const body = '{"text":"é"}';
    const res = await client.request('POST', { 'content-type': 'application/json' }, body);
    expect([isOk(res), mediaType(res), header(res, 'x-a')]).toEqual([
      true,
      'application/json',
      'b',
    ]);
    expect(String(await readBody(res, 100))).toBe('{}');
    // Read to its end: the socket goes back to the pool (undici frees it a tick later).
    await new Promise((resolve) => setImmediate(resolve));
    const second = await client.request('GET', {});
    discard(second);
    expect(seen[0]?.headers['content-length']).toBe(String(Buffer.byteLength(body)));
    expect(seen[0]?.headers['transfer-encoding']).toBeUndefined();
    expect(seen[0]?.body).toBe(body);
    expect(seen[0]?.url).toBe('/mcp?x=1');
    expect(seen[1]?.method).toBe('GET');
    expect(seen[1]?.socket).toBe(seen[0]?.socket);
  });

  it('sends the credentials of the URL as Basic authorization', async () => {
    const { url, seen } = await start();
    url.username = 'ann';
    url.password = 'p@ss';
    client = new HttpClient(url, { connections: 1 });
    expect(client.basicAuth).toBe(`Basic ${Buffer.from('ann:p@ss').toString('base64')}`);
    expect(new HttpClient(new URL('http://127.0.0.1/'), { connections: 1 }).basicAuth).toBe(
      undefined,
    );
    discard(await client.request('GET', { authorization: client.basicAuth ?? '' }));
    expect(seen[0]?.headers.authorization).toBe(client.basicAuth);
  });

  it('rejects with an AbortError when aborted, before sending, while waiting, and queued', async () => {
    const { url, seen } = await start(() => {}); // never answers
    client = new HttpClient(url, { connections: 1 });
    const early = client.call();
    early.abort('gone');
    await expect(client.send(early, 'GET', {})).rejects.toMatchObject({
      name: 'AbortError',
      message: 'the request was aborted: gone',
    });
    const waiting = client.call();
    const pending = client.send(waiting, 'GET', {});
    const queued = client.call(); // behind `waiting`: one connection only
    const behind = client.send(queued, 'GET', {});
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toHaveLength(1);
    queued.abort('timeout');
    await expect(behind).rejects.toMatchObject({ name: 'AbortError' });
    waiting.abort('timeout');
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    // The aborted socket left the pool: the next request gets through on a new one.
    const next = client.send(client.call(), 'GET', {});
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toHaveLength(2);
    client.destroy();
    await expect(next).rejects.toBeInstanceOf(HttpConnectError);
  });

  it('rejects with HttpConnectError when nothing listens, and at once for a header undici refuses', async () => {
    const { url } = await start();
    server?.close();
    server?.closeAllConnections();
    await once(server!, 'close');
    server = undefined;
    client = new HttpClient(url, { connections: 4 });
    const refused = await client.request('GET', {}).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpConnectError);
    expect((refused as Error).message).toMatch(
      /^cannot reach http:\/\/127\.0\.0\.1:\d+: .*ECONNREFUSED/,
    );
    await expect(client.request('GET', { 'x-bad': 'a\nb' })).rejects.toMatchObject({
      code: 'UND_ERR_INVALID_ARG',
    });
  });

  it('does not follow a redirect: the 3xx is the answer', async () => {
    const { url, seen } = await start((res) => {
      res.writeHead(307, { location: 'http://127.0.0.1:1/elsewhere' });
      res.end();
    });
    client = new HttpClient(url, { connections: 1 });
    const res = await client.request('POST', { authorization: 'Bearer t' }, '{}');
    discard(res);
    expect([res.statusCode, isOk(res), header(res, 'location'), seen.length]).toEqual([
      307,
      false,
      'http://127.0.0.1:1/elsewhere',
      1,
    ]);
  });
});

describe('pipelining', () => {
  it('sends the next POST on the same socket before the first is answered when asked to', async () => {
    // A raw server that answers only once two requests arrived on one socket.
    const raw = createNetServer((socket) => {
      let seen = '';
      socket.on('data', (chunk) => {
        seen += chunk.toString('latin1');
        if (seen.split('POST /mcp').length - 1 < 2) return;
        const answer = 'HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}';
        socket.write(answer + answer);
      });
    });
    raw.listen(0, '127.0.0.1');
    await once(raw, 'listening');
    const url = new URL(`http://127.0.0.1:${(raw.address() as { port: number }).port}/mcp`);
    client = new HttpClient(url, { connections: 1, pipelining: 2 });
    try {
      const answers = await Promise.all([
        client.request('POST', {}, '{"a":1}'),
        client.request('POST', {}, '{"a":2}'),
      ]);
      expect(
        await Promise.all(answers.map(async (res) => String(await readBody(res, 10)))),
      ).toEqual(['{}', '{}']);
    } finally {
      client.destroy();
      raw.close();
    }
  });
});

describe('response helpers', () => {
  it('isOk is 2xx only; header takes the first of repeated values', () => {
    const res = (statusCode: number, headers: IncomingMessage['headers'] = {}) => {
      const call = new HttpCall(new URL('http://127.0.0.1/'));
      call.statusCode = statusCode;
      call.headers = headers;
      return call;
    };
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

  it('mediaType: lower case, without parameters, the same for each value however many come', () => {
    const typed = (value: string) => {
      const call = new HttpCall(new URL('http://127.0.0.1/'));
      call.headers = { 'content-type': value };
      return mediaType(call);
    };
    expect(typed('Application/JSON; charset=utf-8')).toBe('application/json');
    expect(typed(' text/event-stream ')).toBe('text/event-stream');
    expect(typed('')).toBe('');
    // Past the values it keeps, each value still gets its own type.
    for (let i = 0; i < 200; i++) expect(typed(`x/t${i}; q=${i}`)).toBe(`x/t${i}`);
    expect(typed('Application/JSON; charset=utf-8')).toBe('application/json');
  });
});
