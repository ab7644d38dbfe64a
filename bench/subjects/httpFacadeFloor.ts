#!/usr/bin/env node
/**
 * The relay floor of the HTTP facade → stdio upstream hop: the least a Node process that
 * takes Streamable HTTP POSTs and relays them to one stdio upstream pays per request, measured
 * beside `mcp-mux` (`--http` → stdio) in the `transport-http-stdio` row.
 *
 *   node dist/bench/subjects/httpFacadeFloor.js --port N [--host 127.0.0.1] -- <command> [args...]
 *
 * `node:http` keep-alive server; each POST body is one JSON-RPC message whose `id` is spliced
 * out and a counter spliced in (`IdMap` of relayFloor.ts, the payload never parsed), written to
 * the upstream's stdin with the router's write policy (the first line of an event-loop turn at
 * once, later callbacks' lines gathered to the turn's end, every eighth at once); a response
 * line gets the client's id back and is the POST's `application/json` answer. A notification
 * is relayed and answered 202; `initialize` gets one fixed `Mcp-Session-Id`; DELETE 200.
 * No sessions, validation, SSE, auth, limits or errors beyond that: a floor, not a facade.
 * Prints `http-facade-floor listening <url>` on stderr once bound.
 */
import { spawn } from 'node:child_process';
import { createServer, type ServerResponse } from 'node:http';
import { atTurnEnd, currentTurn } from '../../transports/writeTurn.js';
import { createLineSplitter } from '../client/lineSplitter.js';
import { IdMap, scanEnvelope } from './relayFloor.js';

const SESSION_ID = 'http-facade-floor';
const BURST_EVERY = 8;

/** The router's write policy for one destination (transports/streamTransport.ts). */
function turnWriter(write: (text: string) => void): (line: string) => void {
  let lastTurn = 0;
  let batch: string[] = [];
  let held = false;
  let tickScheduled = false;
  let sentThisTick = 0;
  const flush = (): void => {
    if (batch.length === 0) return;
    const text = batch.length === 1 ? batch[0]! : batch.join('');
    batch = [];
    write(text);
  };
  const endTick = (): void => {
    tickScheduled = false;
    sentThisTick = 0;
    flush();
  };
  const endTurn = (): void => {
    held = false;
    flush();
  };
  return (line) => {
    batch.push(line);
    if (held) {
      if (batch.length >= BURST_EVERY) flush();
      return;
    }
    if (!tickScheduled) {
      const turn = currentTurn();
      if (turn === lastTurn) {
        held = true;
        atTurnEnd(endTurn);
        return;
      }
      lastTurn = turn;
      tickScheduled = true;
      queueMicrotask(endTick);
    }
    if (sentThisTick++ % BURST_EVERY === 0) flush();
  };
}

function main(): void {
  const argv = process.argv.slice(2);
  const dash = argv.indexOf('--');
  const flags = argv.slice(0, Math.max(0, dash));
  const [command, ...args] = dash === -1 ? [] : argv.slice(dash + 1);
  const flag = (name: string): string | undefined => {
    const at = flags.indexOf(name);
    return at === -1 ? undefined : flags[at + 1];
  };
  const port = Number(flag('--port') ?? 0);
  const host = flag('--host') ?? '127.0.0.1';
  if (!command || !Number.isInteger(port)) {
    process.stderr.write('usage: httpFacadeFloor --port N [--host H] -- <command> [args...]\n');
    process.exit(2);
  }
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const ids = new IdMap();
  const waiting = new Map<string, ServerResponse>();
  const toUpstream = turnWriter((text) => child.stdin.write(text));
  child.stdout.on(
    'data',
    createLineSplitter((line) => {
      const env = scanEnvelope(line);
      if (env.idStart === -1 || env.method) return; // the echo sends nothing else
      const res = waiting.get(line.slice(env.idStart, env.idEnd));
      if (!res) return;
      waiting.delete(line.slice(env.idStart, env.idEnd));
      const body = ids.fromUpstream(line);
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'mcp-session-id': SESSION_ID,
      });
      res.end(body);
    }),
  );
  const server = createServer((req, res) => {
    if (req.method === 'DELETE') {
      res.writeHead(200).end();
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST, DELETE' }).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).toString('utf8');
      const env = scanEnvelope(body);
      if (env.idStart === -1 || !env.method) {
        toUpstream(`${body}\n`);
        res.writeHead(202).end();
        return;
      }
      const line = ids.fromClient(body);
      const mapped = scanEnvelope(line);
      waiting.set(line.slice(mapped.idStart, mapped.idEnd), res);
      toUpstream(`${line}\n`);
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(port, host, () => {
    const address = server.address();
    const bound = typeof address === 'object' && address ? address.port : port;
    process.stderr.write(`http-facade-floor listening http://${host}:${bound}/mcp\n`);
  });
  child.stdin.on('error', () => {});
  child.on('exit', (code) => process.exit(code ?? 1));
  process.on('SIGTERM', () => {
    child.kill('SIGTERM');
    process.exit(0);
  });
}

if (process.argv[1]?.endsWith('httpFacadeFloor.js')) main();
