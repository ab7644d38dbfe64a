#!/usr/bin/env node
/**
 * The relay floor of an HTTP upstream hop: the least a Node proxy pays to relay MCP messages to
 * a Streamable HTTP upstream on undici's `Pool` (dispatch API with a minimal handler, keep-alive,
 * 64 connections), measured as a bench subject beside `direct` and `mcp-mux` (the
 * `relay-floor-undici` rows).
 *
 *   node dist/bench/subjects/httpRelayFloor.js --upstream <url> [--port N]
 *
 * With `--port` the client side is an HTTP listener (`node:http`, path `/mcp`): each POST's
 * body is read, its request id mapped (relayFloor.ts `IdMap`), POSTed upstream with the
 * session headers passed through both ways, and the answer's id mapped back. Without it the
 * client side is stdio: NDJSON lines in, one POST each, the floor holding the upstream's session
 * id, responses written with the router's tick batching.
 *
 * It is a floor, not a proxy: no routing, namespacing, queue, timeouts, cancellation, SSE
 * parsing (a non-JSON answer is relayed as it came), validation or error answers.
 */
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { Pool } from 'undici';
import { createBatchedWriter, createLineSplitter } from '../client/lineSplitter.js';
import { IdMap, stdoutStream } from './relayFloor.js';

/** The router's `BURST_WRITE_EVERY` (transports/streamTransport.ts). */
const BURST_EVERY = 8;
const PASSED = ['mcp-session-id', 'mcp-protocol-version', 'last-event-id'] as const;

interface Upstream {
  pool: Pool;
  path: string;
}

function upstreamOf(url: URL): Upstream {
  const pool = new Pool(url.origin, { connections: 64, headersTimeout: 0, bodyTimeout: 0 });
  return { pool, path: `${url.pathname}${url.search}` };
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** One request through the pool's dispatch API, its body gathered as it comes. */
function send(
  upstream: Upstream,
  method: 'GET' | 'POST' | 'DELETE',
  headers: Record<string, string>,
  body: string | null,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let status = 0;
    let answerHeaders: IncomingHttpHeaders = {};
    const chunks: Buffer[] = [];
    upstream.pool.dispatch(
      { path: upstream.path, method, headers, body },
      {
        // Its presence selects undici's handler API (controller first).
        onRequestStart() {},
        onResponseStart(_controller, statusCode, responseHeaders) {
          status = statusCode;
          answerHeaders = responseHeaders;
        },
        onResponseData(_controller, chunk) {
          chunks.push(chunk);
        },
        onResponseEnd() {
          const text =
            chunks.length === 1 ? chunks[0]!.toString() : Buffer.concat(chunks).toString();
          resolve({ status, headers: answerHeaders, text });
        },
        onResponseError(_controller, error) {
          reject(error);
        },
      },
    );
  });
}

const one = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

function serveHttp(upstream: Upstream, port: number): void {
  const ids = new IdMap();
  const relay = async (req: IncomingMessage, res: ServerResponse, body: string) => {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    };
    for (const name of PASSED) {
      const value = one(req.headers[name]);
      if (value !== undefined) headers[name] = value;
    }
    const method = req.method === 'DELETE' ? 'DELETE' : req.method === 'GET' ? 'GET' : 'POST';
    const answer = await send(
      upstream,
      method,
      headers,
      method === 'POST' ? ids.fromClient(body) : null,
    );
    const { text } = answer;
    const out: Record<string, string> = {};
    const type = one(answer.headers['content-type']);
    if (type !== undefined) out['content-type'] = type;
    const session = one(answer.headers['mcp-session-id']);
    if (session !== undefined) out['mcp-session-id'] = session;
    res.writeHead(answer.status, out);
    res.end(type?.startsWith('application/json') ? ids.fromUpstream(text) : text);
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = chunks.length === 1 ? chunks[0]!.toString() : Buffer.concat(chunks).toString();
      relay(req, res, body).catch((error: unknown) => {
        res.writeHead(502).end(String(error));
      });
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(port, '127.0.0.1', () => {
    process.stderr.write(`http-relay-floor listening http://127.0.0.1:${port}/mcp\n`);
  });
}

function serveStdio(upstream: Upstream): void {
  const ids = new IdMap();
  const out = stdoutStream();
  const toClient = createBatchedWriter((text) => out.write(text), BURST_EVERY);
  let session: string | undefined;
  const post = async (line: string): Promise<void> => {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    };
    if (session !== undefined) headers['mcp-session-id'] = session;
    const answer = await send(upstream, 'POST', headers, ids.fromClient(line));
    session ??= one(answer.headers['mcp-session-id']);
    const { text } = answer;
    if (text !== '' && answer.status !== 202) toClient(`${ids.fromUpstream(text)}\n`);
  };
  const fail = (error: unknown) => process.stderr.write(`http-relay-floor: ${String(error)}\n`);
  // Until the session exists each POST waits for the one before (initialize brings the id);
  // then requests run concurrently, as the router's client sends them.
  let gate: Promise<void> = Promise.resolve();
  let open = false;
  process.stdin.on(
    'data',
    createLineSplitter((line) => {
      if (open) {
        post(line).catch(fail);
        return;
      }
      gate = gate
        .then(() => post(line))
        .catch(fail)
        .then(() => {
          open = session !== undefined;
        });
    }),
  );
  process.stdin.on('end', () => process.exit(0));
}

function main(): void {
  const argv = process.argv.slice(2);
  const at = (flag: string): string | undefined => {
    const i = argv.indexOf(flag);
    return i === -1 ? undefined : argv[i + 1];
  };
  const url = at('--upstream');
  if (url === undefined) {
    process.stderr.write('usage: httpRelayFloor --upstream <url> [--port N]\n');
    process.exit(2);
  }
  const upstream = upstreamOf(new URL(url));
  const port = at('--port');
  if (port === undefined) serveStdio(upstream);
  else serveHttp(upstream, Number(port));
  process.on('SIGTERM', () => process.exit(0));
}

if (process.argv[1]?.endsWith('httpRelayFloor.js')) main();
