/**
 * A bounded fuzz of the HTTP facade (fast-check, a few seconds): random methods, paths,
 * headers and bodies against a real listener on 127.0.0.1 with a real router behind it.
 * Every answer must be a well-formed HTTP response whose body, when it has one, is a JSON-RPC
 * error or result (or an SSE stream); raw garbage after a request line gets a JSON-RPC 400 or
 * nothing; the process must not crash; and afterwards an SDK client is served normally.
 */
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Facades, startFacades } from '../../bin/facades.js';
import { silentLogger } from '../../core/log/log.js';
import { createRouter, type Router } from '../../index.js';
import { loopbackFacadeOptions } from './harness.js';

let router: Router;
let facades: Facades;
let base = '';
let sessionId = '';

beforeAll(async () => {
  router = createRouter({ mcpServers: {} }, { log: silentLogger });
  await router.start();
  facades = await startFacades(
    router,
    [{ kind: 'http', host: '127.0.0.1', port: 0 }],
    loopbackFacadeOptions({ maxBodyBytes: 64 * 1024 }),
  );
  base = (facades.endpoints[0]?.url ?? '').slice(0, -'/mcp'.length);
  const opened = await send({
    method: 'POST',
    path: '/mcp',
    headers: {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'f', version: '1' },
      },
    }),
  });
  sessionId = String(opened.headers['mcp-session-id'] ?? '');
});

afterAll(async () => {
  await facades?.close();
  await router?.close();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One raw request; an SSE answer is read for a moment and then dropped (streams stay open). */
function send(options: {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${base}${options.path}`,
      { method: options.method, headers: options.headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        const done = () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
        res.on('end', done);
        res.on('error', done);
        if (String(res.headers['content-type']).startsWith('text/event-stream')) {
          setTimeout(() => {
            req.destroy();
            done();
          }, 30);
        }
      },
    );
    req.on('error', reject);
    req.setTimeout(5000, () => req.destroy(new Error('no answer within 5 s')));
    req.end(options.body);
  });
}

/** Raw bytes on a fresh connection; what the server answers before closing (or within 1 s). */
function rawBytes(bytes: Buffer): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const socket = connect(Number(new URL(base).port), '127.0.0.1', () => socket.end(bytes));
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve(text));
    setTimeout(() => socket.destroy(), 1000).unref();
  });
}

const isRpcAnswer = (value: unknown): boolean => {
  const items = Array.isArray(value) ? value : [value];
  return items.every(
    (item) =>
      typeof item === 'object' &&
      item !== null &&
      (item as { jsonrpc?: unknown }).jsonrpc === '2.0' &&
      ('result' in item || 'error' in item),
  );
};

const rpcMessage = fc.record(
  {
    jsonrpc: fc.constantFrom('2.0', '1.0', 2),
    id: fc.oneof(
      fc.integer(),
      fc.string({ maxLength: 8 }),
      fc.constant(null),
      fc.bigInt().map(String),
    ),
    method: fc.constantFrom(
      'initialize',
      'ping',
      'tools/list',
      'tools/call',
      'constructor',
      '__proto__',
      'x',
      'notifications/cancelled',
      'server/discover',
    ),
    params: fc.oneof(
      fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 3 })),
      fc.jsonValue({ maxDepth: 2 }),
    ),
  },
  { requiredKeys: [] },
);
const body = fc.oneof(
  rpcMessage.map((m) => JSON.stringify(m)),
  fc.array(rpcMessage, { maxLength: 3 }).map((m) => JSON.stringify(m)),
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 80 }),
  fc.constant(`${'['.repeat(3000)}${']'.repeat(3000)}`),
  fc.constant(''),
);
const requestArb = fc.record({
  method: fc.constantFrom('GET', 'POST', 'DELETE', 'PUT', 'OPTIONS', 'PATCH', 'HEAD'),
  path: fc.constantFrom(
    '/mcp',
    '/sse',
    '/messages',
    '/messages?sessionId=nope',
    '/',
    '/mcp?x=1',
    '/%00',
  ),
  accept: fc.constantFrom(
    undefined,
    'application/json, text/event-stream',
    'text/event-stream',
    'application/json',
    '*/*',
    'x',
  ),
  contentType: fc.constantFrom(
    undefined,
    'application/json',
    'application/json; charset=utf-8',
    'text/plain',
  ),
  session: fc.constantFrom(undefined, 'valid', 'bogus', ''),
  version: fc.constantFrom(undefined, '2025-06-18', '2025-03-26', '2026-07-28', 'banana'),
  lastEventId: fc.constantFrom(undefined, '0:0', '1:1', '99:9', 'x'),
  body,
});

describe('HTTP facade fuzz', () => {
  it('answers every random request with a well-formed HTTP + JSON-RPC answer', async () => {
    await fc.assert(
      fc.asyncProperty(requestArb, async (r) => {
        const headers: Record<string, string> = {};
        if (r.accept !== undefined) headers.accept = r.accept;
        if (r.contentType !== undefined) headers['content-type'] = r.contentType;
        if (r.session !== undefined)
          headers['mcp-session-id'] = r.session === 'valid' ? sessionId : r.session;
        if (r.version !== undefined) headers['mcp-protocol-version'] = r.version;
        if (r.lastEventId !== undefined) headers['last-event-id'] = r.lastEventId;
        const withBody = r.method !== 'GET' && r.method !== 'HEAD';
        // Node sends DELETE/OPTIONS bodies without framing unless told the length.
        if (withBody) headers['content-length'] = String(Buffer.byteLength(r.body));
        const answer = await send({
          method: r.method,
          path: r.path,
          headers,
          ...(withBody ? { body: r.body } : {}),
        });
        expect(answer.status).toBeGreaterThanOrEqual(200);
        expect(answer.status).toBeLessThan(600);
        const type = String(answer.headers['content-type'] ?? '');
        if (r.method === 'HEAD' || answer.body === '') {
          expect([200, 202, 204, 404, 405].includes(answer.status) || r.method === 'HEAD').toBe(
            true,
          );
        } else if (type.startsWith('application/json')) {
          expect(isRpcAnswer(JSON.parse(answer.body))).toBe(true);
        } else {
          expect(type.startsWith('text/event-stream') || type.startsWith('text/plain')).toBe(true);
        }
        if (answer.status >= 400 && r.method !== 'HEAD') {
          expect(type.startsWith('application/json')).toBe(true);
        }
      }),
      { numRuns: 250, interruptAfterTimeLimit: 8000 },
    );
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 200 }), async (bytes) => {
        const answer = await rawBytes(
          Buffer.concat([Buffer.from('POST /mcp HTTP/1.1\r\n'), bytes]),
        );
        if (answer !== '') {
          expect(answer).toMatch(/^HTTP\/1\.1 \d{3} /);
          const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
          expect(isRpcAnswer(JSON.parse(body))).toBe(true);
        }
      }),
      { numRuns: 60, interruptAfterTimeLimit: 3000 },
    );
    // Still serving: a normal SDK client connects and lists tools.
    const client = new Client({ name: 'after-fuzz', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
    expect((await client.listTools()).tools).toEqual([]);
    await client.close();
  });
});
