/**
 * The audit worker's way of writing a line (`auditWorker.ts`): the same text as `auditLine`
 * (auditLine.ts), byte for byte, written straight into the worker's chunk instead of built as a
 * string and encoded after. Under load the string path cost the worker about as much as the
 * SHA-256 itself: a line is a dozen concatenations, flattened and UTF-8 encoded once more, and
 * the digest's hex text one more string (bench/notes/2026-11-29-guardrails-bytes.md). Here
 * every part that comes back line after line (the date up to the second, the caller-and-tool
 * part, approvals and outcomes) is kept as bytes, numbers are written digit by digit, and the
 * digest's hex is copied from the one string `crypto.hash` returns.
 *
 * Lines whose arguments are written in full (`arguments: "full"`), and the odd value this does
 * not write (a year past 9999, a count that is not a whole number), are left to `auditLine`:
 * `write` says so and the worker writes that line as text.
 */
import { hash } from 'node:crypto';
import type { AuditEntry } from './auditEntry.js';
import { type AuditLineOptions, quote, whoPart } from './auditLine.js';

const ascii = (text: string): Uint8Array => Buffer.from(text, 'latin1');
const TIME_OPEN = ascii('{"time":"');
const DIGEST_OPEN = ascii(',"arguments":{"sha256":"');
const DIGEST_CLOSE = ascii('"}');
const CODE = ascii(',"code":');
const DURATION = ascii(',"durationMs":');
const BYTES_IN = ascii(',"bytesIn":');
const BYTES_OUT = ascii(',"bytesOut":');
const QUOTE = 0x22;
const DOT = 0x2e;
const ZERO = 0x30;
const Z = 0x5a;
const CLOSE = 0x7d;
const NEWLINE = 0x0a;
/** Bytes a line takes besides its caller-and-tool part and its approval and outcome. */
const FIXED_MOST = 256;
const MAX_KEPT = 4096;

/** Bytes copied in: a short run by hand, a longer one by `set` (a call costs ~20 stores). */
function put(out: Uint8Array, at: number, bytes: Uint8Array): number {
  const length = bytes.length;
  if (length > 16) out.set(bytes, at);
  else for (let i = 0; i < length; i++) out[at + i] = bytes[i] as number;
  return at + length;
}

/** A non-negative safe integer's decimal digits. */
function putUint(out: Uint8Array, at: number, value: number): number {
  let digits = 1;
  for (let v = value; v >= 10; v = Math.floor(v / 10)) digits++;
  let v = value;
  for (let i = at + digits - 1; i >= at; i--) {
    out[i] = ZERO + (v % 10);
    v = Math.floor(v / 10);
  }
  return at + digits;
}

/** A byte count (`putUint`); -1 for anything but a non-negative safe integer. */
function putCount(out: Uint8Array, at: number, value: number): number {
  return Number.isSafeInteger(value) && value >= 0 ? putUint(out, at, value) : -1;
}

/** Text of only ASCII characters (numbers as JSON writes them, hex). */
function putAscii(out: Buffer, at: number, text: string): number {
  return at + out.write(text, at, 'latin1');
}

/** `millisText` (auditLine.ts) without its strings: at most 3 decimals, trailing zeros dropped. */
function putMillis(out: Uint8Array, at: number, ms: number): number {
  const micros = Math.round(ms * 1000);
  if (!Number.isSafeInteger(micros) || micros < 0) return -1;
  const whole = Math.trunc(micros / 1000);
  let frac = micros - whole * 1000;
  let end = putUint(out, at, whole);
  if (frac === 0) return end;
  out[end++] = DOT;
  for (let unit = 100; frac > 0; unit /= 10) {
    const digit = Math.trunc(frac / unit);
    out[end++] = ZERO + digit;
    frac -= digit * unit;
  }
  return end;
}

export class AuditLineBytes {
  readonly #digest: boolean;
  readonly #full: boolean;
  #second = Number.NaN;
  /** `{"time":"YYYY-MM-DDTHH:MM:SS.` of `#second`. */
  #timeOpen: Uint8Array = TIME_OPEN;
  #who = '';
  #whoBytes: Uint8Array = new Uint8Array(0);
  /** `,"approval":"…"` and `,"outcome":"…"` by value (bounded). */
  readonly #approvals = new Map<string, Uint8Array>();
  readonly #outcomes = new Map<string, Uint8Array>();

  constructor(options: AuditLineOptions) {
    this.#digest = (options.arguments ?? 'digest') === 'digest';
    this.#full = options.arguments === 'full';
  }

  /** Most bytes the line of `entry` may take (with its newline). */
  most(entry: AuditEntry): number {
    const strings = (entry.approval?.length ?? 0) + entry.outcome.length;
    return this.#whoOf(entry).length + strings * 6 + 64 + FIXED_MOST;
  }

  /**
   * Writes the line of `entry` and its newline into `out` at `at`, which has room for `most`
   * bytes; returns where it ends, or -1 when the line is to be written as text (`auditLine`).
   */
  write(entry: AuditEntry, out: Buffer, at: number): number {
    if (this.#full) return -1;
    const end = this.#time(out, at, entry.time);
    return end < 0 ? -1 : this.#rest(entry, out, end);
  }

  #rest(entry: AuditEntry, out: Buffer, at: number): number {
    let end = put(out, at, this.#whoOf(entry));
    const args = entry.arguments;
    if (args !== undefined && this.#digest) {
      end = put(out, end, DIGEST_OPEN);
      end = putAscii(out, end, hash('sha256', args, 'hex'));
      end = put(out, end, DIGEST_CLOSE);
    }
    if (entry.approval !== undefined) {
      end = put(out, end, kept(this.#approvals, entry.approval, ',"approval":'));
    }
    end = put(out, end, kept(this.#outcomes, entry.outcome, ',"outcome":'));
    if (entry.code !== undefined) {
      end = put(out, end, CODE);
      end = putAscii(out, end, Number.isFinite(entry.code) ? String(entry.code) : 'null');
    }
    end = put(out, end, DURATION);
    end = putMillis(out, end, entry.durationMs);
    if (end < 0) return -1;
    const bytesIn =
      entry.bytesIn ??
      (args === undefined ? 0 : typeof args === 'string' ? Buffer.byteLength(args) : args.length);
    end = putCount(out, put(out, end, BYTES_IN), bytesIn);
    if (end < 0) return -1;
    end = putCount(out, put(out, end, BYTES_OUT), entry.bytesOut);
    if (end < 0) return -1;
    out[end++] = CLOSE;
    out[end++] = NEWLINE;
    return end;
  }

  /** `{"time":"…"` as `isoTime` writes it; -1 where that is its long form (years past 9999). */
  #time(out: Uint8Array, at: number, time: number): number {
    const ms = Math.trunc(time);
    const second = Math.floor(ms / 1000);
    if (second !== this.#second) {
      const text = new Date(second * 1000).toISOString();
      if (text.length !== 24) return -1;
      this.#second = second;
      this.#timeOpen = ascii(`{"time":"${text.slice(0, 20)}`);
    }
    let end = put(out, at, this.#timeOpen);
    const millis = ms - second * 1000;
    out[end++] = ZERO + Math.trunc(millis / 100);
    out[end++] = ZERO + (Math.trunc(millis / 10) % 10);
    out[end++] = ZERO + (millis % 10);
    out[end++] = Z;
    out[end++] = QUOTE;
    return end;
  }

  /** The caller-and-tool part's bytes, kept while `whoPart` returns the same text. */
  #whoOf(entry: AuditEntry): Uint8Array {
    const text = whoPart(entry);
    if (text !== this.#who) {
      this.#who = text;
      this.#whoBytes = Buffer.from(text, 'utf8');
    }
    return this.#whoBytes;
  }
}

function kept(table: Map<string, Uint8Array>, value: string, key: string): Uint8Array {
  let bytes = table.get(value);
  if (bytes === undefined) {
    bytes = Buffer.from(`${key}${quote(value)}`, 'utf8');
    if (table.size >= MAX_KEPT) table.clear();
    table.set(value, bytes);
  }
  return bytes;
}
