/**
 * Shared by the envelope-only forwarding tests: the real CLI over stdio with raw
 * lines on the wire (no SDK, no parsing), loopback servers that clean up after the test, and
 * the texts whose bytes must survive forwarding.
 */
import { spawn } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { cliPath, fixture, writeConfig } from './harness.js';

/** Run after each test (`afterEach` in the test file). */
export type Cleanups = (() => void | Promise<void>)[];

/** Arguments `JSON.parse` + `JSON.stringify` would change: a big integer, an exponent, spacing. */
export const ARGS = `{ "big" : 98765432109876543210987, "f": 2.50E-3,"s":"\\u00e9\\n${'a'.repeat(300)}" ,"nested":[ {"x":[1,2,{"y":null}]} ] }`;
/** Short arguments with a number `JSON.parse` would round (the router keeps any size raw). */
export const SHORT = '{"n":98765432109876543210987}';

export const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 't', version: '1' },
  },
};

/** What the upstream received, as the raw echo quotes it in its result's text content. */
export const receivedBy = (answer: string): string =>
  (JSON.parse(answer) as { result: { content: { text: string }[] } }).result.content[0]
    ?.text as string;

export interface RawCli {
  /** Writes one line as it is. */
  send(line: string): void;
  /** The next line that answers request `id` (its JSON text), others skipped. */
  answer(id: string): Promise<string>;
}

/** The CLI with one upstream `up` (default: the raw echo over stdio). */
export function startCli(
  cleanups: Cleanups,
  upstream: Record<string, unknown> = fixture('rawEchoServer'),
): RawCli {
  const config = writeConfig({ mcpServers: { up: upstream } });
  const child = spawn(process.execPath, [cliPath, '--config', config], {
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  cleanups.push(() => void child.kill('SIGKILL'));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    send: (line) => void child.stdin.write(`${line}\n`),
    answer: async (id) => {
      for (;;) {
        const line = (await lines.next()).value as string;
        if (line.startsWith(`{"jsonrpc":"2.0","id":${id},`) || line.includes(`"id":${id},"error"`))
          return line;
      }
    },
  };
}

/** `startCli`, then `initialize` and `notifications/initialized`. */
export async function startInitializedCli(
  cleanups: Cleanups,
  upstream: Record<string, unknown>,
): Promise<RawCli> {
  const cli = startCli(cleanups, upstream);
  cli.send(JSON.stringify(INIT));
  const init = await cli.answer('1');
  if (!init.includes('"result"')) throw new Error(`initialize failed: ${init}`);
  cli.send('{"jsonrpc":"2.0","method":"notifications/initialized"}');
  return cli;
}

/** Listens on 127.0.0.1 (a free port), closed with its connections after the test. */
export async function listenOnLoopback(server: Server, cleanups: Cleanups): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return (server.address() as AddressInfo).port;
}
