/**
 * The audit's worker thread (started by `AuditThread`): takes batches of entries
 * (`auditEntry.ts`: `AuditBatch`), hashes and writes each line into its buffer (`auditBytes.ts`;
 * `auditLine.ts` for the lines written as text), and appends them to the
 * file with one write per batch. Blocking writes are fine here: the router's event loop never
 * waits for them (a slow disk backs the batches up on the router's side, where they are
 * bounded). Every batch is acknowledged (`{ done, written }`), so the router knows what still
 * waits; `reopen` starts a fresh file at the path (logrotate); `close` drains, closes, and
 * ends the thread.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { AuditLineBytes } from './auditBytes.js';
import { type AuditEntry, type BatchMessage, BatchReader } from './auditEntry.js';
import { type AuditLineOptions, auditLine, droppedLine } from './auditLine.js';

export interface AuditWorkerData extends AuditLineOptions {
  readonly file: string;
}

/** What the worker is sent. */
export type ToAuditWorker = BatchMessage | { readonly type: 'reopen' } | { readonly type: 'close' };

/** What it answers: each batch's entries done (written or failed), and the first error per file. */
export type FromAuditWorker =
  | {
      readonly type: 'done';
      readonly done: number;
      readonly written: number;
      /** The batch's buffers, handed back for reuse (transferred). */
      readonly numbers: Float64Array;
      readonly bytes: Uint8Array;
    }
  | { readonly type: 'error'; readonly message: string };

const CHUNK_BYTES = 64 * 1024;
const NEWLINE = 0x0a;
/** How much lower than the router's the worker thread's priority is (Linux). */
const NICE = 5;

const port = parentPort;
if (port !== null) {
  const options = workerData as AuditWorkerData;
  let fd: number | undefined;
  let told = false;
  const fail = (error: unknown): void => {
    if (!told) port.postMessage({ type: 'error', message: (error as Error).message });
    told = true;
  };
  const open = (): void => {
    told = false;
    try {
      // 0o600: the trail names principals and tools; only the operator reads it.
      fd = openSync(options.file, 'a', 0o600);
    } catch (error) {
      fd = undefined;
      fail(error);
    }
  };
  const close = (): void => {
    if (fd === undefined) return;
    try {
      closeSync(fd);
    } catch {
      // Closing an fd whose disk is gone: nothing left to do with it.
    }
    fd = undefined;
  };

  let chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  let used = 0;
  const chunks: Buffer[] = [];
  /** Room for `most` more bytes in `chunk` (a full chunk goes to `chunks`). */
  const room = (most: number): void => {
    if (most <= chunk.length - used) return;
    if (used > 0) chunks.push(chunk.subarray(0, used));
    chunk = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, most));
    used = 0;
  };
  const put = (line: string): void => {
    // At most 3 bytes per UTF-16 unit, plus the newline.
    room(line.length * 3 + 1);
    used += chunk.write(line, used);
    chunk[used++] = NEWLINE;
  };

  // A line as bytes where it can be (auditBytes.ts), else as text.
  const bytes = new AuditLineBytes(options);
  const putEntry = (entry: AuditEntry): void => {
    room(bytes.most(entry));
    const end = bytes.write(entry, chunk, used);
    if (end < 0) put(auditLine(entry, options));
    else used = end;
  };

  const reader = new BatchReader();
  const writeBatch = (batch: BatchMessage): void => {
    let entries = 0;
    reader.read(
      batch,
      (entry) => {
        entries++;
        putEntry(entry);
      },
      (time, dropped) => put(droppedLine(time, dropped)),
    );
    if (used > 0) chunks.push(chunk.subarray(0, used));
    let written = 0;
    try {
      if (fd === undefined) throw new Error(`${options.file} is not open`);
      for (const data of chunks) {
        let offset = 0;
        while (offset < data.length) offset += writeSync(fd, data, offset);
      }
      written = entries;
    } catch (error) {
      fail(error);
    }
    // Written synchronously: the last buffer is filled afresh by the next batch.
    chunks.length = 0;
    used = 0;
    const { numbers, bytes } = batch;
    const done: FromAuditWorker = { type: 'done', done: entries, written, numbers, bytes };
    port.postMessage(done, [numbers.buffer as ArrayBuffer, bytes.buffer as ArrayBuffer]);
  };

  // On Linux a priority set for pid 0 is this thread's alone: when the CPU is scarce, routed
  // calls go first and the audit catches up after (its backlog is bounded on the router's side).
  if (process.platform === 'linux') {
    try {
      setPriority(0, Math.min(19, getPriority(0) + NICE));
    } catch {
      // Not allowed: the thread keeps the process's priority.
    }
  }
  open();
  port.on('message', (message: ToAuditWorker) => {
    if (message.type === 'batch') writeBatch(message);
    else if (message.type === 'reopen') {
      close();
      open();
    } else {
      close();
      port.close();
    }
  });
}
