/**
 * The audit trail's file (`--audit FILE`, `mcpMux.audit.file`): append-only JSON lines, written
 * without ever making a routed request wait. Lines are gathered for `flushMs` (25 ms) and go
 * to the stream as one write (one buffer and one callback per batch, not per call: at tens of
 * thousands of calls a second, writes per line or per loop turn cost more than the rest of the
 * audit); at most `maxPending` lines may wait for the disk, and past that a line is dropped and counted (the
 * `mcp_mux_audit_dropped_total` counter, and a `{"event":"audit.dropped"}` line written as soon
 * as there is room again, so the file itself says where lines are missing).
 *
 * `reopen()` (SIGHUP, after logrotate moved the file): new lines go to a fresh file at the
 * same path; the old stream finishes what it holds and closes.
 */
import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';

export interface AuditWriterOptions {
  readonly file: string;
  /** Lines that may wait for the disk at once (default 10,000). */
  readonly maxPending?: number;
  /** How long lines are gathered before they are written together (default 25 ms; 0: the end of the loop turn). */
  readonly flushMs?: number;
  /** Opens the file for appending (tests: a slow stream). Default: `fs.createWriteStream`. */
  readonly open?: (file: string) => Writable;
  /** A write failed (disk full, permissions): told once per stream. */
  readonly onError?: (error: Error) => void;
  /** The first line of a run of drops was dropped (a log warning; once per run). */
  readonly onDrop?: () => void;
  /** Wall-clock time of the drop reports (default `Date.now`). */
  readonly now?: () => number;
}

/** Default of `flushMs`. */
const FLUSH_MS = 25;
/** Size of the buffers lines are encoded into while they wait. */
const CHUNK_BYTES = 64 * 1024;
const NEWLINE = 0x0a;

const appendOnly = (file: string): Writable =>
  // 0o600: the trail names principals and tools; only the operator reads it.
  createWriteStream(file, { flags: 'a', mode: 0o600 });

export class AuditWriter {
  readonly #options: AuditWriterOptions;
  readonly #max: number;
  #stream: Writable;
  #pending = 0;
  #written = 0;
  #dropped = 0;
  /** Dropped since the last report line. */
  #unreported = 0;
  /**
   * Lines waiting for `#flush`, encoded as they come into `#chunk` (one UTF-8 pass per line, no
   * join); full chunks wait in `#full`. `#count` lines in all.
   */
  #chunk: Buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  #used = 0;
  #full: Buffer[] = [];
  #count = 0;
  #scheduled = false;

  constructor(options: AuditWriterOptions) {
    this.#options = options;
    this.#max = options.maxPending ?? 10_000;
    this.#stream = this.#open();
  }

  /** Appends one line (a JSON text without its newline); never blocks, never throws. */
  write(line: string): void {
    if (this.#pending >= this.#max) {
      this.#dropped++;
      if (this.#unreported++ === 0) this.#options.onDrop?.();
      return;
    }
    if (this.#unreported > 0) {
      const now = (this.#options.now ?? Date.now)();
      const report = { time: new Date(now).toISOString(), event: 'audit.dropped' };
      this.#put(JSON.stringify({ ...report, dropped: this.#unreported }));
      this.#unreported = 0;
    }
    this.#put(line);
  }

  /** Lines written to the file and dropped so far. */
  stats(): { written: number; dropped: number } {
    return { written: this.#written, dropped: this.#dropped };
  }

  /** Reopens the file at its path (logrotate moved it away). */
  reopen(): void {
    this.#flush();
    const old = this.#stream;
    this.#stream = this.#open();
    old.end();
  }

  /** Flushes what waits and closes the file. */
  close(): Promise<void> {
    this.#flush();
    const stream = this.#stream;
    return new Promise((resolve) => {
      if (stream.destroyed) resolve();
      else stream.end(() => resolve());
    });
  }

  #put(line: string): void {
    this.#pending++;
    this.#count++;
    // At most 3 bytes per UTF-16 unit, plus the newline.
    const most = line.length * 3 + 1;
    if (most > this.#chunk.length - this.#used) {
      this.#seal();
      if (most > this.#chunk.length) this.#chunk = Buffer.allocUnsafe(most);
    }
    this.#used += this.#chunk.write(line, this.#used);
    this.#chunk[this.#used++] = NEWLINE;
    if (this.#scheduled) return;
    this.#scheduled = true;
    const wait = this.#options.flushMs ?? FLUSH_MS;
    if (wait > 0) setTimeout(this.#flush, wait);
    else setImmediate(this.#flush);
  }

  /** Moves the current chunk's lines to `#full` and starts a fresh chunk. */
  #seal(): void {
    if (this.#used === 0) return;
    this.#full.push(this.#chunk.subarray(0, this.#used));
    this.#chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    this.#used = 0;
  }

  readonly #flush = (): void => {
    this.#scheduled = false;
    this.#seal();
    const chunks = this.#full;
    if (chunks.length === 0) return;
    this.#full = [];
    const count = this.#count;
    this.#count = 0;
    const data = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
    this.#stream.write(data, (error) => {
      this.#pending -= count;
      if (!error) this.#written += count;
    });
  };

  #open(): Writable {
    const stream = (this.#options.open ?? appendOnly)(this.#options.file);
    // Kept listening: a destroyed stream errors each later write too (never unhandled).
    let told = false;
    stream.on('error', (error: Error) => {
      if (!told) this.#options.onError?.(error);
      told = true;
    });
    return stream;
  }
}
