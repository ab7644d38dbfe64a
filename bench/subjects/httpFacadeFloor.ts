#!/usr/bin/env node
/**
 * The relay floor of an HTTP facade in front of a stdio upstream: the least a Node proxy pays
 * to take MCP POSTs on `node:http` and relay them to a stdio server, measured as a bench
 * subject beside `direct` and `mcp-mux` (the `relay-floor` subject of `transport-http-stdio`).
 *
 *   node dist/bench/subjects/httpFacadeFloor.js --port N -- <command> [args...]
 *
 * Each POST's body is read, its request id mapped (relayFloor.ts `IdMap`) and written to the
 * upstream's stdin with the router's write policy (createBatchedWriter: the first line of a
 * tick at once, then every eighth, the rest at the end of the tick); each response line from
 * the upstream has its id mapped back and is the body of the waiting POST's answer (one
 * `application/json` reply with `Content-Length`). A POST without a request (a notification,
 * a response) gets 202 at once. Every answer carries one fixed `Mcp-Session-Id`.
 *
 * It is a floor, not a proxy: no routing, namespacing, sessions, queue, timeouts, SSE,
 * validation, batches or error answers; messages from the upstream that answer no POST are
 * dropped.
 */
import { spawn } from 'node:child_process';
import { createServer, type ServerResponse } from 'node:http';
import { createBatchedWriter, createLineSplitter } from '../client/lineSplitter.js';
import { scanEnvelope } from './relayFloor.js';

/** The router's `BURST_WRITE_EVERY` (transports/streamTransport.ts). */
const BURST_EVERY = 8;
const SESSION = 'relay-floor-session';

/** Requests in flight: our id → the client's id text and the POST waiting for the answer. */
class Waiting {
  #next = 1;
  readonly #pending = new Map<number, { id: string; res: ServerResponse }>();

  /** A POST's body: its request gets our id; undefined when it is not a request. */
  toUpstream(body: string, res: ServerResponse): string | undefined {
    const env = scanEnvelope(body);
    if (env.idStart === -1 || !env.method) return undefined;
    const id = this.#next++;
    this.#pending.set(id, { id: body.slice(env.idStart, env.idEnd), res });
    return `${body.slice(0, env.idStart)}${id}${body.slice(env.idEnd)}`;
  }

  /** A line from the upstream: a response is the answer of its POST. */
  fromUpstream(line: string): void {
    const env = scanEnvelope(line);
    if (env.idStart === -1 || env.method) return;
    const id = Number(line.slice(env.idStart, env.idEnd));
    const waiting = this.#pending.get(id);
    if (waiting === undefined) return;
    this.#pending.delete(id);
    const text = `${line.slice(0, env.idStart)}${waiting.id}${line.slice(env.idEnd)}`;
    waiting.res.writeHead(200, [
      'content-type',
      'application/json',
      'content-length',
      String(Buffer.byteLength(text)),
      'mcp-session-id',
      SESSION,
    ]);
    waiting.res.end(text);
  }
}

function main(): void {
  const argv = process.argv.slice(2);
  const dash = argv.indexOf('--');
  const [command, ...args] = dash === -1 ? [] : argv.slice(dash + 1);
  const at = argv.indexOf('--port');
  const port = at === -1 ? undefined : Number(argv[at + 1]);
  if (!command || port === undefined) {
    process.stderr.write('usage: httpFacadeFloor --port N -- <command> [args...]\n');
    process.exit(2);
  }
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const waiting = new Waiting();
  const toUpstream = createBatchedWriter((text) => child.stdin.write(text), BURST_EVERY);
  child.stdout.on(
    'data',
    createLineSplitter((line) => waiting.fromUpstream(line)),
  );
  const server = createServer((req, res) => {
    if (req.method !== 'POST') {
      req.resume();
      res.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = chunks.length === 1 ? chunks[0]!.toString() : Buffer.concat(chunks).toString();
      const line = waiting.toUpstream(body, res);
      if (line === undefined) {
        toUpstream(`${body}\n`);
        res.writeHead(202, { 'mcp-session-id': SESSION }).end();
      } else toUpstream(`${line}\n`);
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(port, '127.0.0.1', () => {
    process.stderr.write(`http-facade-floor listening http://127.0.0.1:${port}/mcp\n`);
  });
  child.stdin.on('error', () => {});
  child.on('exit', (code) => process.exit(code ?? 1));
  process.on('SIGTERM', () => {
    child.kill('SIGTERM');
    process.exit(0);
  });
}

if (process.argv[1]?.endsWith('httpFacadeFloor.js')) main();
