/**
 * A stdio upstream answering with a message over the frame limit: the
 * caller fails at once with an error naming the limit, instead of waiting for its timeout;
 * the connection stays usable.
 */
import { firstValueFrom, lastValueFrom } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { RpcError } from '../../core/errors/errors.js';
import { Connection } from '../../core/rpc/connection.js';
import { StdioClientTransport } from '../../transports/stdio.js';

let transport: StdioClientTransport | undefined;
afterEach(async () => {
  await transport?.close();
  transport = undefined;
});

// Answers `big` with a 2 MiB result (id last, as the SDKs write it), anything else small.
const SERVER = `
const rl = require('node:readline').createInterface({ input: process.stdin });
rl.on('line', (line) => {
  const m = JSON.parse(line);
  if (m.id === undefined) return;
  const result = m.method === 'big' ? { text: 'x'.repeat(2 * 1024 * 1024) } : { small: true };
  process.stdout.write(JSON.stringify({ result, jsonrpc: '2.0', id: m.id }) + '\\n');
});
rl.on('close', () => process.exit(0));
`;

describe('an oversized upstream response', () => {
  it('fails its request at once, naming the limit, and the connection goes on', async () => {
    transport = new StdioClientTransport({
      command: process.execPath,
      args: ['-e', SERVER],
      maxMessageBytes: 1024 * 1024,
      stdinCloseGraceMs: 300,
      sigtermGraceMs: 300,
    });
    const connection = new Connection(transport);
    const deadline = AbortSignal.timeout(5000);
    const failure = await lastValueFrom(connection.request$('big', {}, { signal: deadline })).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(RpcError);
    expect((failure as RpcError).code).toBe(-32013);
    expect((failure as RpcError).message).toContain('1048576 bytes (1 MiB)');
    const next = await firstValueFrom(connection.request$('small', {}, { signal: deadline }));
    expect(next).toEqual({ kind: 'result', result: { small: true } });
  });
});
