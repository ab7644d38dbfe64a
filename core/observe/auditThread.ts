/**
 * The audit trail's writer (`--audit FILE`, `mcpMux.audit.file`) as a worker thread: the event
 * loop only packs entries (`auditEntry.ts`: the arguments' bytes, numbers, string ids; no text
 * built, nothing hashed) and posts them, buffers transferred, every `flushMs` (25 ms); the
 * worker (`auditWorker.ts`) hashes, formats and appends. Never blocks a routed request:
 *
 * - **Bounded**: at most `maxPending` entries may wait (gathered, posted, or being written);
 *   past that an entry is dropped and counted (`mcp_mux_audit_dropped_total`, one warning per
 *   run of drops) and an `{"event":"audit.dropped"}` line marks the gap in the file.
 * - **A worker that dies** (an exception, an exit) is reported (`onError`) and its in-flight
 *   entries are counted as dropped; the next batch starts a new one. A worker that dies
 *   `maxRestarts` times in a row without writing a batch is not restarted: from then on every
 *   entry is dropped and counted. Never a crash or a hang of the router.
 * - `reopen()` (SIGHUP, after logrotate moved the file): later lines go to a fresh file at the
 *   same path (batches posted before it go to the old one, in order).
 * - `close()`: posts what waits and resolves once the worker has written it and closed the
 *   file (the worker keeps the process alive until then; bounded by `closeTimeoutMs`).
 */
import { Worker } from 'node:worker_threads';
import type { AuditSink } from './audit.js';
import { AuditBatch, type AuditEntry } from './auditEntry.js';
import type { AuditLineOptions } from './auditLine.js';
import type { AuditWorkerData, FromAuditWorker, ToAuditWorker } from './auditWorker.js';

export interface AuditThreadOptions extends AuditLineOptions {
  readonly file: string;
  /** Entries that may wait at once (default 10,000). */
  readonly maxPending?: number;
  /** How long entries are gathered before they are posted together (default 25 ms; 0: the end of the loop turn). */
  readonly flushMs?: number;
  /** A write failed (disk full, permissions; once per file) or the worker died. */
  readonly onError?: (error: Error) => void;
  /** The first entry of a run of drops was dropped (a log warning; once per run). */
  readonly onDrop?: () => void;
  /** Wall-clock time of the drop reports (default `Date.now`). */
  readonly now?: () => number;
  /** The worker's script (default `auditWorker.js` beside this module; tests: another). */
  readonly workerFile?: string | URL;
  /** Deaths in a row (no batch written in between) after which no worker is started (3). */
  readonly maxRestarts?: number;
  /** How long `close` waits for the worker to drain before it stops it (5 s). */
  readonly closeTimeoutMs?: number;
}

const FLUSH_MS = 25;

export class AuditThread implements AuditSink {
  readonly #options: AuditThreadOptions;
  readonly #max: number;
  #worker: Worker | undefined;
  /** Entries gathered since the last post. */
  #batch = new AuditBatch();
  /** Entries gathered or posted and not yet done. */
  #pending = 0;
  /** Entries posted to the current worker and not yet done (lost if it dies). */
  #posted = 0;
  #written = 0;
  #dropped = 0;
  /** Dropped since the last gap line. */
  #unreported = 0;
  #timer: NodeJS.Timeout | NodeJS.Immediate | undefined;
  #deaths = 0;
  #failed = false;
  #closed = false;
  #exited: Promise<void> | undefined;

  constructor(options: AuditThreadOptions) {
    this.#options = options;
    this.#max = options.maxPending ?? 10_000;
    this.#worker = this.#start();
  }

  /** Takes one ended call; never blocks, never throws. */
  add(entry: AuditEntry): void {
    if (this.#closed) {
      // Ended after shutdown closed the trail (a cancelled call): counted, nothing to warn of.
      this.#dropped++;
      return;
    }
    if (this.#pending >= this.#max || this.#failed) {
      this.#dropped++;
      if (this.#unreported++ === 0) this.#options.onDrop?.();
      return;
    }
    if (this.#unreported > 0) {
      this.#batch.gap((this.#options.now ?? Date.now)(), this.#unreported);
      this.#unreported = 0;
    }
    this.#batch.add(entry);
    this.#pending++;
    if (this.#timer !== undefined) return;
    const wait = this.#options.flushMs ?? FLUSH_MS;
    this.#timer = wait > 0 ? setTimeout(this.#flush, wait) : setImmediate(this.#flush);
  }

  /** Lines written to the file and entries dropped so far. */
  stats(): { written: number; dropped: number } {
    return { written: this.#written, dropped: this.#dropped };
  }

  /** Reopens the file at its path (logrotate moved it away). */
  reopen(): void {
    this.#flush();
    this.#post({ type: 'reopen' });
  }

  /** Writes what waits, closes the file and ends the worker. */
  close(): Promise<void> {
    if (!this.#closed) {
      this.#flush();
      this.#closed = true;
      const worker = this.#worker;
      if (worker !== undefined) {
        worker.ref();
        this.#post({ type: 'close' });
        const timeout = setTimeout(
          () => void worker.terminate(),
          this.#options.closeTimeoutMs ?? 5_000,
        );
        this.#exited = new Promise<void>((resolve) => worker.once('exit', () => resolve())).finally(
          () => clearTimeout(timeout),
        );
      }
    }
    return this.#exited ?? Promise.resolve();
  }

  readonly #flush = (): void => {
    if (this.#timer !== undefined) {
      clearTimeout(this.#timer as NodeJS.Timeout);
      clearImmediate(this.#timer as NodeJS.Immediate);
      this.#timer = undefined;
    }
    if (this.#batch.entries === 0) return;
    this.#worker ??= this.#failed ? undefined : this.#start();
    const batch = this.#batch.take();
    if (this.#worker === undefined) {
      this.#lose(batch.entries);
      return;
    }
    this.#posted += batch.entries;
    this.#post(batch, [batch.numbers.buffer as ArrayBuffer, batch.bytes.buffer as ArrayBuffer]);
  };

  #post(message: ToAuditWorker, transfer: ArrayBuffer[] = []): void {
    this.#worker?.postMessage(message, transfer);
  }

  /** `count` entries that waited will never be written: dropped, and the gap marked. */
  #lose(count: number): void {
    if (count === 0) return;
    this.#pending -= count;
    this.#dropped += count;
    if (this.#unreported === 0) this.#options.onDrop?.();
    this.#unreported += count;
  }

  #start(): Worker | undefined {
    const { file, arguments: mode, redact } = this.#options;
    const data: AuditWorkerData = { file, arguments: mode, redact };
    let worker: Worker;
    try {
      worker = new Worker(
        this.#options.workerFile ?? new URL('./auditWorker.js', import.meta.url),
        {
          workerData: data,
          stdout: false,
          stderr: false,
        },
      );
    } catch (error) {
      this.#died(undefined, error as Error);
      return undefined;
    }
    // Idle, it does not keep the process alive: `close` holds it until it has drained.
    worker.unref();
    let failure: Error | undefined;
    worker.on('message', (message: FromAuditWorker) => {
      if (message.type === 'done') {
        this.#pending -= message.done;
        this.#posted -= message.done;
        this.#written += message.written;
        this.#deaths = 0;
        this.#batch.recycle(message.numbers, message.bytes);
      } else this.#options.onError?.(new Error(message.message));
    });
    worker.on('error', (error) => {
      failure = error;
    });
    worker.on('exit', (code) => {
      if (this.#worker === worker) this.#worker = undefined;
      if (!this.#closed) this.#died(code, failure);
      else if (this.#posted > 0) {
        // Stopped while closing (crashed, or past `closeTimeoutMs`): what it held is counted.
        const lost = this.#posted;
        this.#posted = 0;
        this.#pending -= lost;
        this.#dropped += lost;
        const why = failure?.message ?? `exit code ${code}`;
        this.#options.onError?.(
          new Error(`audit worker stopped while closing (${why}), ${lost} lines lost`),
        );
      }
    });
    return worker;
  }

  /** The worker ended without being asked: what it held is lost; the next batch restarts it. */
  #died(code: number | undefined, error: Error | undefined): void {
    const lost = this.#posted;
    this.#posted = 0;
    this.#lose(lost);
    this.#deaths++;
    const max = this.#options.maxRestarts ?? 3;
    if (this.#deaths > max) this.#failed = true;
    const why = error?.message ?? `exit code ${code}`;
    const next = this.#failed
      ? `stopped after ${this.#deaths} failures in a row; lines are dropped (counted in mcp_mux_audit_dropped_total)`
      : 'restarting it';
    this.#options.onError?.(new Error(`audit worker died (${why}), ${lost} lines lost; ${next}`));
    if (this.#failed) this.#lose(this.#batch.take().entries);
  }
}
