/**
 * A request that cannot be serialised (arguments nested 10,000 deep: `JSON.stringify` runs out
 * of stack) fails at once with a clear error instead of being dropped with a warning while the
 * caller waits for its timeout. A real stdio child as the peer.
 */
import { firstValueFrom, lastValueFrom } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { RpcError } from '../../core/errors/errors.js';
import { Connection } from '../../core/rpc/connection.js';
import type { JsonObject } from '../../core/rpc/jsonrpc.js';
import { StdioClientTransport } from '../../transports/stdio.js';

let transport: StdioClientTransport | undefined;
afterEach(async () => {
  await transport?.close();
  transport = undefined;
});

const ECHO = `
const rl = require('node:readline').createInterface({ input: process.stdin });
rl.on('line', (line) => {
  const m = JSON.parse(line);
  if (m.id !== undefined) process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result: {} }) + '\\n');
});
rl.on('close', () => process.exit(0));
`;

function nested(depth: number): JsonObject {
  let value: JsonObject = {};
  for (let i = 0; i < depth; i += 1) value = { a: value };
  return value;
}

describe('an unserialisable request', () => {
  it('fails at once with a clear error, and the connection goes on', async () => {
    transport = new StdioClientTransport({
      command: process.execPath,
      args: ['-e', ECHO],
      stdinCloseGraceMs: 300,
      sigtermGraceMs: 300,
    });
    const connection = new Connection(transport);
    const deadline = AbortSignal.timeout(5000);
    const failure = await lastValueFrom(
      connection.request$('tools/call', { arguments: nested(10_000) }, { signal: deadline }),
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RpcError);
    expect((failure as RpcError).code).toBe(-32602);
    expect((failure as RpcError).message).toContain('cannot be serialised');
    const next = await firstValueFrom(connection.request$('ping', {}, { signal: deadline }));
    expect(next).toEqual({ kind: 'result', result: {} });
  });
});
