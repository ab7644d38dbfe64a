#!/usr/bin/env node
/**
 * The relay floor of a stdio facade in front of N WebSocket upstreams: the least a Node proxy
 * pays to spread a client's requests over N sockets and bring the answers back, measured beside
 * the router in the `upstreams-ws` row (1 vs 100 upstreams served by one echo process).
 *
 *   node dist/bench/subjects/wsRelayFloor.js --url ws://127.0.0.1:PORT/mcp --connections N
 *
 * It opens N WebSocket connections (subprotocol `mcp`) to one URL, reads NDJSON lines from
 * stdin, gives each request its own id (relayFloor.ts `IdMap`: the id text spliced, the payload
 * never parsed) and sends it on the next connection in turn, one frame per message as the
 * router's WebSocket transport sends. Answers get the client's id back and go to stdout in one
 * write per event-loop turn: every answer read in one poll phase, from any socket, leaves
 * together, the cheapest write policy there is (the router flushes at the end of the tick, or
 * of the turn for a destination sent to from several callbacks).
 *
 * It is a floor, not a proxy: no routing by tool name (round robin does the spreading), no
 * namespacing, queue, timeouts, cancellation, validation or errors. Notifications go on the
 * first connection; messages from an upstream that are not answers go to the client as they are.
 */
import { WebSocket } from 'ws';
import { createLineSplitter } from '../client/lineSplitter.js';
import { IdMap, stdoutStream } from './relayFloor.js';

interface Args {
  url: string;
  connections: number;
}

function parseArgs(argv: string[]): Args {
  let url: string | undefined;
  let connections = 1;
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[++i];
    if (flag === '--url' && value !== undefined) url = value;
    else if (flag === '--connections' && value !== undefined) connections = Number(value);
    else throw new Error(`unknown flag ${flag}`);
  }
  if (url === undefined || !Number.isInteger(connections) || connections < 1) {
    throw new Error('usage: wsRelayFloor --url ws://HOST:PORT/PATH --connections N');
  }
  return { url, connections };
}

/** Lines gathered until the check phase of the loop turn, then written as one string. */
export function createTurnWriter(write: (text: string) => void): (line: string) => void {
  let lines: string[] = [];
  const flush = (): void => {
    const batch = lines;
    lines = [];
    write(batch.length === 1 ? (batch[0] as string) : batch.join(''));
  };
  return (line) => {
    if (lines.push(line) === 1) setImmediate(flush);
  };
}

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, 'mcp', { perMessageDeflate: false });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

async function main(): Promise<void> {
  const { url, connections } = parseArgs(process.argv.slice(2));
  const sockets = await Promise.all(Array.from({ length: connections }, () => open(url)));
  const ids = new IdMap();
  const out = stdoutStream();
  const toClient = createTurnWriter((text) => out.write(text));
  for (const ws of sockets) {
    ws.on('message', (data: Buffer) => toClient(`${ids.fromUpstream(data.toString('utf8'))}\n`));
    ws.on('close', () => process.exit(0));
  }
  let next = 0;
  process.stdin.on(
    'data',
    createLineSplitter((line) => {
      const pending = ids.size;
      const mapped = ids.fromClient(line);
      if (ids.size === pending) {
        (sockets[0] as WebSocket).send(line); // a notification, or a response to an upstream
        return;
      }
      (sockets[next] as WebSocket).send(mapped);
      next = next + 1 === connections ? 0 : next + 1;
    }),
  );
  process.stdin.on('end', () => {
    for (const ws of sockets) ws.close();
    out.end(() => process.exit(0));
  });
  out.on('error', () => process.exit(1));
  process.on('SIGTERM', () => process.exit(0));
}

if (process.argv[1]?.endsWith('wsRelayFloor.js')) {
  main().catch((e: unknown) => {
    process.stderr.write(`ws-relay-floor: ${(e as Error).message}\n`);
    process.exit(1);
  });
}
