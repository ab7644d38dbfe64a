/**
 * The stdio server transport (the router's own stdin/stdout) over in-process streams: a
 * PassThrough stands in for each pipe, so a reader that never reads is exact and immediate.
 */
import { PassThrough } from 'node:stream';
import { firstValueFrom, take, timeout, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../core/log/log.js';
import type { CloseReason } from '../../core/rpc/transport.js';
import { StdioServerTransport } from '../../transports/stdio.js';

function setup(options: { highWaterMark?: number; maxBufferedBytes?: number } = {}) {
  const input = new PassThrough();
  const output = new PassThrough(
    options.highWaterMark === undefined ? {} : { highWaterMark: options.highWaterMark },
  );
  const lines: string[] = [];
  const transport = new StdioServerTransport({
    input,
    output,
    log: createLogger({ sink: (line) => lines.push(line) }),
    closeTimeoutMs: 500,
    ...(options.maxBufferedBytes === undefined
      ? {}
      : { maxBufferedBytes: options.maxBufferedBytes }),
  });
  const reasons: CloseReason[] = [];
  transport.closed$.subscribe((r) => reasons.push(r));
  return { input, output, transport, reasons, lines };
}

const readAll = (output: PassThrough): string => {
  let text = '';
  for (let chunk = output.read(); chunk !== null; chunk = output.read()) text += String(chunk);
  return text;
};

describe('StdioServerTransport', () => {
  it('reads newline-delimited messages from its input', async () => {
    const { input, transport } = setup();
    const received = firstValueFrom(transport.messages$.pipe(take(2), toArray(), timeout(5000)));
    input.write('{"jsonrpc":"2.0","id":1,"method":"ping"}\n{"jsonrpc":"2.0","method":"n"');
    input.write('}\r\n');
    expect(await received).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { jsonrpc: '2.0', method: 'n' },
    ]);
  });

  it('writes exactly one JSON line per message and nothing else', async () => {
    const { output, transport } = setup();
    transport.send({ jsonrpc: '2.0', id: 1, result: { text: 'multi\nline' } });
    transport.send({ jsonrpc: '2.0', method: 'notifications/progress' });
    // Not JSON: thrown to the sender (which fails its request at once), nothing written.
    expect(() => transport.send({ bad: 10n })).toThrow(TypeError);
    // The first message of a tick is written at once, the second with the rest of the tick.
    expect(readAll(output)).toBe('{"jsonrpc":"2.0","id":1,"result":{"text":"multi\\nline"}}\n');
    await Promise.resolve();
    expect(readAll(output)).toBe('{"jsonrpc":"2.0","method":"notifications/progress"}\n');
  });

  it('writes a burst as it goes: the first message, then every eighth, then the rest after the tick', async () => {
    const { output, transport } = setup();
    const writes: string[] = [];
    output.on('data', (chunk: Buffer) => writes.push(String(chunk)));
    for (let id = 1; id <= 20; id += 1) transport.send({ jsonrpc: '2.0', id, result: {} });
    const ids = (): number[][] =>
      writes.map((w) =>
        w
          .trimEnd()
          .split('\n')
          .map((line) => JSON.parse(line).id as number),
      );
    const range = (from: number, to: number): number[] =>
      Array.from({ length: to - from + 1 }, (_, i) => from + i);
    await new Promise((resolve) => setImmediate(resolve));
    expect(ids()).toEqual([[1], range(2, 9), range(10, 17), range(18, 20)]);
    // The count starts again in the next tick.
    writes.length = 0;
    transport.send({ jsonrpc: '2.0', id: 21, result: {} });
    transport.send({ jsonrpc: '2.0', id: 22, result: {} });
    await new Promise((resolve) => setImmediate(resolve));
    expect(ids()).toEqual([[21], [22]]);
  });

  it('closes with remote when its input ends, emitting a last unterminated line first', async () => {
    const { input, transport, reasons } = setup();
    const messages: unknown[] = [];
    transport.messages$.subscribe((m) => messages.push(m));
    input.end('{"last":1}');
    await firstValueFrom(transport.closed$);
    expect(messages).toEqual([{ last: 1 }]);
    expect(reasons).toEqual([{ kind: 'remote' }]);
  });

  it('close() flushes queued messages, ends the output and ignores later input', async () => {
    const { input, output, transport, reasons } = setup({ highWaterMark: 64 });
    const messages: unknown[] = [];
    transport.messages$.subscribe((m) => messages.push(m));
    for (let i = 0; i < 20; i += 1) transport.send({ i });
    expect(transport.bufferedBytes).toBeGreaterThan(0);
    let text = '';
    output.on('data', (chunk) => {
      text += String(chunk);
    });
    await transport.close();
    input.write('{"late":true}\n');
    expect(reasons).toEqual([{ kind: 'local' }]);
    expect(
      text
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l).i),
    ).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(output.writableEnded).toBe(true);
    expect(messages).toEqual([]);
    transport.send({ after: 'close' }); // a quiet no-op
  });

  it('queues behind a full output and writes everything, in order, on drain', async () => {
    const { output, transport } = setup({ highWaterMark: 1024 });
    for (let i = 0; i < 500; i += 1) transport.send({ i, pad: 'x'.repeat(100) });
    const peak = transport.bufferedBytes;
    expect(peak).toBeGreaterThan(500 * 100);
    let text = '';
    output.on('data', (chunk) => {
      text += String(chunk);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(transport.bufferedBytes).toBe(0);
    expect(
      text
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l).i),
    ).toEqual(Array.from({ length: 500 }, (_, i) => i));
  });

  it('closes with slow-reader once a reader that never reads passes the bound', () => {
    const { transport, reasons, lines } = setup({
      highWaterMark: 1024,
      maxBufferedBytes: 64 * 1024,
    });
    const seen: number[] = [];
    for (let i = 0; i < 1000 && reasons.length === 0; i += 1) {
      transport.send({ i, pad: 'y'.repeat(1000) });
      seen.push(transport.bufferedBytes);
    }
    expect(seen.slice(0, 10)).toEqual([...seen.slice(0, 10)].sort((a, b) => a - b)); // it grows
    expect(reasons).toHaveLength(1);
    const reason = reasons[0]!;
    expect(reason.kind).toBe('slow-reader');
    expect(reason.kind === 'slow-reader' && reason.bufferedBytes).toBeGreaterThan(64 * 1024);
    expect(Math.max(...seen)).toBeLessThanOrEqual(64 * 1024);
    expect(lines.some((l) => l.includes('not reading our output'))).toBe(true);
  });

  it('treats EPIPE on its output as the client going away, without throwing', async () => {
    const { output, transport, reasons } = setup();
    output.destroy(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    await firstValueFrom(transport.closed$);
    transport.send({ after: 'epipe' });
    expect(reasons).toEqual([{ kind: 'remote' }]);
  });

  it('reports other stream errors as error', async () => {
    const { input, reasons, transport } = setup();
    input.destroy(new Error('disk on fire'));
    await firstValueFrom(transport.closed$);
    expect(reasons).toHaveLength(1);
    expect(reasons[0]!.kind === 'error' && reasons[0]!.error.message).toBe('disk on fire');
  });
});
