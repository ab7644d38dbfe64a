/**
 * Envelope-only forwarding (issue 14) through the real CLI over stdio, raw text on the wire:
 * a tool call's arguments reach the upstream and its result reaches the client byte for byte
 * (numbers `JSON.parse` would round, spacing), with only the id and the tool name rewritten;
 * a line that is not valid JSON is answered -32700 and never reaches the upstream.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { cliPath, fixture, writeConfig } from './harness.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function startCli() {
  const config = writeConfig({ mcpServers: { up: fixture('rawEchoServer') } });
  const child = spawn(process.execPath, [cliPath, '--config', config], {
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  cleanups.push(() => void child.kill('SIGKILL'));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const send = (line: string) => child.stdin.write(`${line}\n`);
  /** The next line that answers request `id` (progress and notifications skipped). */
  const answer = async (id: string): Promise<string> => {
    for (;;) {
      const line = (await lines.next()).value as string;
      if (line.startsWith(`{"jsonrpc":"2.0","id":${id},`) || line.includes(`"id":${id},"error"`))
        return line;
    }
  };
  return { send, answer };
}

const ARGS = `{ "big" : 98765432109876543210987, "f": 2.50E-3,"s":"\\u00e9\\n${'a'.repeat(300)}" ,"nested":[ {"x":[1,2,{"y":null}]} ] }`;

describe('envelope-only forwarding over stdio', () => {
  it('passes arguments and result through byte for byte, rewriting only id and name', async () => {
    const cli = startCli();
    cli.send(
      '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}',
    );
    expect(await cli.answer('1')).toContain('"result"');
    cli.send('{"jsonrpc":"2.0","method":"notifications/initialized"}');
    cli.send(
      `{"jsonrpc":"2.0","id":"c-2","method":"tools/call","params":{"name":"up__raw","arguments":${ARGS}}}`,
    );
    const line = await cli.answer('"c-2"');
    // The result as the upstream wrote it, spliced after the client's id.
    expect(line).toMatch(/^\{"jsonrpc":"2\.0","id":"c-2","result":\{ "content" : \[/);
    expect(line).toContain('"big":12345678901234567890123, "float":1.50e+2, "pad":"ppp');
    // What the upstream received: its own id and name, the arguments as the client wrote them.
    const received = (JSON.parse(line) as { result: { content: { text: string }[] } }).result
      .content[0]?.text as string;
    expect(received).toContain(`"name":"raw","arguments":${ARGS}`);
    expect(received).not.toContain('c-2');
  });

  it('answers a malformed call with -32700 and never forwards it', async () => {
    const cli = startCli();
    cli.send(
      '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}',
    );
    await cli.answer('1');
    cli.send('{"jsonrpc":"2.0","method":"notifications/initialized"}');
    const broken = ARGS.replace('"f": 2.50E-3', '"f": 2.50E-');
    cli.send(
      `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"up__raw","arguments":${broken}}}`,
    );
    expect(await cli.answer('null')).toContain('"code":-32700');
    cli.send(
      '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"up__count","arguments":{}}}',
    );
    expect(await cli.answer('3')).toContain('"text":"0"');
  });
});
