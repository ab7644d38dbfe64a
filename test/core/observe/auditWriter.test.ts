/**
 * The audit file's writer: never blocks (a stream that does not drain fills at most
 * `maxPending` lines, then lines are dropped and counted, and a report line marks the gap once
 * there is room), and `reopen` moves new lines to a fresh stream.
 */
import { Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { AuditWriter } from '../../../core/observe/auditWriter.js';

/** A stream that holds each write's callback until `flush()`. */
function heldStream() {
  const lines: string[] = [];
  const held: (() => void)[] = [];
  const stream = new Writable({
    highWaterMark: 1,
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString('utf8'));
      held.push(() => callback());
    },
  });
  // Lines are written together (`flushMs: 0`: at the end of the loop turn): let it pass first.
  const flush = async () => {
    await new Promise((r) => setImmediate(r));
    while (held.length > 0) {
      held.shift()?.();
      await new Promise((r) => setImmediate(r));
    }
  };
  return { stream, lines, flush };
}

describe('AuditWriter', () => {
  it('drops and counts lines past maxPending, and reports the gap in the file', async () => {
    const target = heldStream();
    let warned = 0;
    const writer = new AuditWriter({
      file: 'unused',
      maxPending: 2,
      flushMs: 0,
      onDrop: () => warned++,
      open: () => target.stream,
      now: () => Date.UTC(2026, 0, 1),
    });
    for (let i = 0; i < 5; i++) writer.write(`{"n":${i}}`);
    expect(writer.stats()).toEqual({ written: 0, dropped: 3 });
    expect(warned).toBe(1);
    await target.flush();
    expect(writer.stats()).toEqual({ written: 2, dropped: 3 });
    writer.write('{"n":5}');
    await target.flush();
    expect(target.lines.join('')).toBe(
      '{"n":0}\n{"n":1}\n{"time":"2026-01-01T00:00:00.000Z","event":"audit.dropped","dropped":3}\n{"n":5}\n',
    );
    expect(writer.stats()).toEqual({ written: 4, dropped: 3 });
  });

  it('reopen: new lines go to a new stream, the old one is ended', async () => {
    const first = heldStream();
    const second = heldStream();
    const streams = [first.stream, second.stream];
    const writer = new AuditWriter({
      file: 'unused',
      flushMs: 0,
      open: () => streams.shift() as Writable,
    });
    writer.write('a');
    writer.reopen();
    writer.write('b');
    await first.flush();
    await second.flush();
    expect(first.lines).toEqual(['a\n']);
    expect(second.lines).toEqual(['b\n']);
    expect(first.stream.writableEnded).toBe(true);
  });

  it('reports a write error once and keeps going', async () => {
    const errors: string[] = [];
    const failing = new Writable({
      write(_chunk, _encoding, callback) {
        callback(new Error('disk full'));
      },
    });
    const writer = new AuditWriter({
      file: 'unused',
      flushMs: 0,
      open: () => failing,
      onError: (error) => errors.push(error.message),
    });
    writer.write('a');
    writer.write('b');
    await new Promise((r) => setImmediate(r));
    expect(errors).toEqual(['disk full']);
    expect(writer.stats().written).toBe(0);
  });

  it('gathers the lines of flushMs (25 ms by default) into one write', async () => {
    vi.useFakeTimers();
    try {
      const lines: string[] = [];
      const stream = new Writable({
        write(chunk: Buffer, _encoding, callback) {
          lines.push(chunk.toString('utf8'));
          callback();
        },
      });
      const target = { lines };
      const writer = new AuditWriter({ file: 'unused', open: () => stream });
      writer.write('a');
      await vi.advanceTimersByTimeAsync(10);
      writer.write('b');
      expect(target.lines).toEqual([]);
      await vi.advanceTimersByTimeAsync(15);
      expect(target.lines).toEqual(['a\nb\n']);
      writer.write('c');
      await vi.advanceTimersByTimeAsync(24);
      expect(target.lines).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(target.lines).toEqual(['a\nb\n', 'c\n']);
    } finally {
      vi.useRealTimers();
    }
  });
});
