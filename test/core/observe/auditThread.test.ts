/**
 * The audit's worker-thread writer, with the built worker (dist/: run the build first): lines
 * hashed and written off the event loop, every entry waiting written before `close` resolves,
 * a bounded backlog (drops counted, warned once, the gap marked in the file), `reopen` to a
 * fresh file, and a worker that dies or cannot start reported and counted, never a throw or a
 * hang. Also the batch packing itself (`AuditBatch`/`BatchReader`), string ids past the reset.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AuditBatch, type AuditEntry, BatchReader } from '../../../core/observe/auditEntry.js';
import { AuditThread, type AuditThreadOptions } from '../../../core/observe/auditThread.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const workerFile = join(root, 'dist/core/observe/auditWorker.js');

const entry = (n: number, over: Partial<AuditEntry> = {}): AuditEntry => ({
  time: Date.UTC(2026, 10, 27, 12),
  principal: 'alice',
  session: 's-1',
  profile: undefined,
  upstream: 'fs',
  method: 'tools/call',
  exposed: 'fs__read',
  name: 'read',
  arguments: `{"n":${n},"text":"é ✓"}`,
  bytesIn: undefined,
  approval: undefined,
  outcome: 'ok',
  code: undefined,
  durationMs: 1.5,
  bytesOut: 10,
  ...over,
});

const linesOf = (file: string): Record<string, unknown>[] =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as Record<string, unknown>)
    : [];

async function until(done: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
}

function thread(options: Partial<AuditThreadOptions> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-mux-audit-thread-'));
  const file = join(dir, 'audit.jsonl');
  const errors: string[] = [];
  let drops = 0;
  const writer = new AuditThread({
    file,
    workerFile,
    onError: (error) => errors.push(error.message),
    onDrop: () => drops++,
    now: () => Date.UTC(2026, 0, 1),
    ...options,
  });
  return { writer, file, dir, errors, drops: () => drops };
}

describe('AuditThread', () => {
  it('hashes and writes every entry on the worker; close resolves once all are in the file', async () => {
    const { writer, file } = thread();
    for (let i = 0; i < 500; i++) writer.add(entry(i));
    // Nothing waited for: the entries are still gathering (25 ms) when close is called.
    await writer.close();
    const lines = linesOf(file);
    expect(lines).toHaveLength(500);
    const text = '{"n":7,"text":"é ✓"}';
    expect(lines[7]).toEqual({
      time: '2026-11-27T12:00:00.000Z',
      principal: 'alice',
      session: 's-1',
      upstream: 'fs',
      method: 'tools/call',
      exposed: 'fs__read',
      name: 'read',
      arguments: { sha256: createHash('sha256').update(text).digest('hex') },
      outcome: 'ok',
      durationMs: 1.5,
      bytesIn: Buffer.byteLength(text),
      bytesOut: 10,
    });
    expect(writer.stats()).toEqual({ written: 500, dropped: 0 });
    // After close: counted, not written, no throw.
    writer.add(entry(500));
    expect(writer.stats().dropped).toBe(1);
  });

  it('writes full arguments with approveRedact keys hidden, and none as a size only', async () => {
    const full = thread({ arguments: 'full', redact: ['*token*'] });
    full.writer.add(entry(0, { arguments: '{"q":"x","auth":{"apiToken":"sk-1"}}', code: -32602 }));
    await full.writer.close();
    expect(linesOf(full.file)[0]).toMatchObject({
      arguments: { q: 'x', auth: { apiToken: '[redacted]' } },
      code: -32602,
    });
    expect(readFileSync(full.file, 'utf8')).not.toContain('sk-1');
    const none = thread({ arguments: 'none' });
    none.writer.add(entry(0, { arguments: undefined, bytesIn: 42, approval: 'declined' }));
    await none.writer.close();
    const [line] = linesOf(none.file);
    expect(line?.arguments).toBeUndefined();
    expect(line).toMatchObject({ bytesIn: 42, approval: 'declined' });
  });

  it('drops and counts entries past maxPending, warns once, and marks the gap in the file', async () => {
    const { writer, file, drops } = thread({ maxPending: 2, flushMs: 60_000 });
    for (let i = 0; i < 5; i++) writer.add(entry(i));
    expect(writer.stats()).toEqual({ written: 0, dropped: 3 });
    expect(drops()).toBe(1);
    writer.reopen(); // posts what waits
    await until(() => writer.stats().written === 2);
    writer.add(entry(5));
    await writer.close();
    const lines = linesOf(file);
    expect(lines).toHaveLength(4);
    expect(lines[2]).toEqual({
      time: '2026-01-01T00:00:00.000Z',
      event: 'audit.dropped',
      dropped: 3,
    });
    expect(lines[3]?.arguments).toEqual({
      sha256: createHash('sha256').update('{"n":5,"text":"é ✓"}').digest('hex'),
    });
    expect(writer.stats()).toEqual({ written: 3, dropped: 3 });
  });

  it('reopen: later lines go to a fresh file at the path', async () => {
    const { writer, file } = thread({ flushMs: 0 });
    writer.add(entry(0));
    await until(() => writer.stats().written === 1);
    renameSync(file, `${file}.1`);
    writer.reopen();
    writer.add(entry(1));
    await writer.close();
    expect(linesOf(`${file}.1`)).toHaveLength(1);
    expect(linesOf(file)).toHaveLength(1);
  });

  it('a write error is reported once per file, and the entries are not counted as written', async () => {
    const { writer, dir, errors } = thread({ flushMs: 0 });
    const bad = new AuditThread({
      file: join(dir, 'missing', 'audit.jsonl'),
      workerFile,
      flushMs: 0,
      onError: (error) => errors.push(error.message),
    });
    bad.add(entry(0));
    bad.add(entry(1));
    await until(() => errors.length > 0);
    await new Promise((r) => setTimeout(r, 50));
    bad.add(entry(2));
    await bad.close();
    await writer.close();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('ENOENT');
    expect(bad.stats()).toEqual({ written: 0, dropped: 0 });
  });

  it('a worker that dies is reported and restarted; one that keeps dying is given up, never a throw or hang', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-mux-audit-dying-'));
    const dying = join(dir, 'dying.mjs');
    writeFileSync(
      dying,
      `import { parentPort } from 'node:worker_threads';
       parentPort.on('message', (m) => { if (m.type === 'batch') process.exit(3); else if (m.type === 'close') parentPort.close(); });`,
    );
    const { writer, errors, drops } = thread({ workerFile: dying, flushMs: 0, maxRestarts: 2 });
    for (let round = 0; round < 3; round++) {
      writer.add(entry(round));
      await until(() => errors.length > round);
    }
    expect(errors[0]).toMatch(/audit worker died \(exit code 3\), 1 lines lost; restarting it/);
    expect(errors[2]).toMatch(/stopped after 3 failures in a row/);
    expect(drops()).toBeGreaterThanOrEqual(1);
    writer.add(entry(9));
    expect(writer.stats()).toEqual({ written: 0, dropped: 4 });
    await writer.close();

    // A worker script that cannot even load: the same, and close still resolves.
    const missing = thread({ workerFile: join(dir, 'nope.mjs'), flushMs: 0, maxRestarts: 0 });
    missing.writer.add(entry(0));
    await until(() => missing.errors.length > 0);
    expect(missing.errors[0]).toMatch(/audit worker died/);
    await missing.writer.close();
  });

  it('close stops a worker that does not drain within closeTimeoutMs, and counts what it held', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-mux-audit-stuck-'));
    const stuck = join(dir, 'stuck.mjs');
    // Takes every message and answers none: never acknowledges, never exits by itself.
    writeFileSync(
      stuck,
      `import { parentPort } from 'node:worker_threads'; parentPort.on('message', () => {});`,
    );
    const { writer, errors } = thread({ workerFile: stuck, closeTimeoutMs: 100 });
    writer.add(entry(0));
    writer.add(entry(1));
    const started = Date.now();
    await writer.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(errors).toEqual([expect.stringMatching(/stopped while closing .*2 lines lost/)]);
    expect(writer.stats()).toEqual({ written: 0, dropped: 2 });
  });
});

describe('AuditBatch / BatchReader', () => {
  it('reads back what was packed, across batches and past the string table reset', () => {
    const batch = new AuditBatch();
    const reader = new BatchReader();
    const seen: AuditEntry[] = [];
    const gaps: number[] = [];
    const text = (e: AuditEntry) =>
      e.arguments === undefined || typeof e.arguments === 'string'
        ? e.arguments
        : Buffer.from(e.arguments).toString('utf8');
    let n = 0;
    // 70,000 sessions: more strings than one table holds.
    for (let b = 0; b < 7; b++) {
      for (let i = 0; i < 10_000; i++, n++) batch.add(entry(n, { session: `s-${n}` }));
      if (b === 3) batch.gap(5, 2);
      batch.add(
        entry(n++, {
          arguments: undefined,
          bytesIn: 3,
          code: -1,
          principal: undefined,
          profile: 'ops',
        }),
      );
      reader.read(
        batch.take(),
        (e) => seen.push({ ...e, arguments: text(e) }),
        (_t, d) => gaps.push(d),
      );
    }
    expect(seen).toHaveLength(n);
    expect(gaps).toEqual([2]);
    expect(seen[69_999]).toEqual({ ...entry(69_999, { session: 's-69999' }) });
    expect(seen[10_000]).toEqual(
      entry(10_000, {
        arguments: undefined,
        bytesIn: 3,
        code: -1,
        principal: undefined,
        profile: 'ops',
      }),
    );
    for (const [i, e] of seen.entries()) {
      if (e.bytesIn === undefined) expect(e.session).toBe(`s-${i}`);
    }
  });
});
