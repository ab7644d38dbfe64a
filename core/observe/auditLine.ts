/**
 * An audit line from its entry (core/observe/auditEntry.ts): the JSON text of one routed call,
 * written out by hand (each string through `JSON.stringify`, kept in a bounded table), the
 * arguments as configured: `digest` (SHA-256 of their JSON text as the client sent it), `full`
 * (keys matching `approveRedact` redacted) or `none`. Pure: the audit worker
 * (`auditWorker.ts`) calls it off the event loop; `lineSink` calls it in process.
 */
import { hash } from 'node:crypto';
import type { AuditEntry } from './auditEntry.js';
import { redactKeys } from './redact.js';

export type AuditArguments = 'digest' | 'full' | 'none';

export interface AuditLineOptions {
  readonly arguments?: AuditArguments | undefined;
  /** With `full`: argument keys (globs, any depth) written as `[redacted]`. */
  readonly redact?: readonly string[] | undefined;
}

/**
 * A string as JSON text. The same few strings (upstreams, methods, names, principals,
 * sessions) come back on every line: their quoted forms are kept (a bounded table).
 */
const quoted = new Map<string, string>();
export function quote(text: string): string {
  let json = quoted.get(text);
  if (json === undefined) {
    json = JSON.stringify(text);
    if (quoted.size >= 4096) quoted.clear();
    quoted.set(text, json);
  }
  return json;
}

/** A number as JSON writes it (`null` for NaN and infinities). */
const numberText = (value: number): string => (Number.isFinite(value) ? String(value) : 'null');

/**
 * Milliseconds with at most 3 decimals, as JSON text, from integers: formatting a fraction
 * with `String` (shortest round trip) cost more than the rest of the line's numbers.
 */
export function millisText(ms: number): string {
  const micros = Math.round(ms * 1000);
  if (!Number.isSafeInteger(micros) || micros < 0) return numberText(Math.round(ms * 1000) / 1000);
  const whole = Math.trunc(micros / 1000);
  const frac = micros - whole * 1000;
  if (frac === 0) return `${whole}`;
  if (frac % 100 === 0) return `${whole}.${frac / 100}`;
  if (frac % 10 === 0) return `${whole}.${frac < 100 ? '0' : ''}${frac / 10}`;
  return `${whole}.${frac < 10 ? '00' : frac < 100 ? '0' : ''}${frac}`;
}

/**
 * `new Date(ms).toISOString()`, with the text up to the second kept from the last call: at
 * thousands of lines a second the date formatting was the audit line's largest cost.
 */
let isoSecond = Number.NaN;
let isoPrefix = '';
export function isoTime(time: number): string {
  const ms = Math.trunc(time);
  const second = Math.floor(ms / 1000);
  if (second !== isoSecond) {
    const text = new Date(second * 1000).toISOString();
    // Years past 9999 have a longer, signed form: those are formatted whole, never cached.
    if (text.length !== 24) return new Date(ms).toISOString();
    isoSecond = second;
    isoPrefix = text.slice(0, 20);
  }
  const millis = ms - second * 1000;
  return `${isoPrefix}${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}Z`;
}

const textOfBytes = (bytes: Uint8Array): string =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');

/**
 * The part of a line that names who called what (principal, session, profile, upstream,
 * method, names): the same for run after run of lines, so the last one is kept and reused
 * while its seven strings are the same (the worker's strings come from one table: the same
 * objects each time).
 */
let who: readonly (string | undefined)[] = [];
let whoText = '';
export function whoPart(entry: AuditEntry): string {
  const { principal, session, profile, upstream, method, exposed, name } = entry;
  if (
    who[0] === principal &&
    who[1] === session &&
    who[2] === upstream &&
    who[3] === method &&
    who[4] === exposed &&
    who[5] === name &&
    who[6] === profile
  ) {
    return whoText;
  }
  let out = '';
  if (principal !== undefined && principal !== '') out += `,"principal":${quote(principal)}`;
  if (session !== undefined && session !== '') out += `,"session":${quote(session)}`;
  if (profile !== undefined) out += `,"profile":${quote(profile)}`;
  out += `,"upstream":${quote(upstream)},"method":${quote(method)}`;
  if (name !== undefined) {
    if (exposed !== undefined) out += `,"exposed":${quote(exposed)}`;
    out += `,"name":${quote(name)}`;
  }
  who = [principal, session, upstream, method, exposed, name, profile];
  whoText = out;
  return out;
}

/** The line of one audited call (without its newline). */
export function auditLine(entry: AuditEntry, options: AuditLineOptions): string {
  let out = `{"time":"${isoTime(entry.time)}"${whoPart(entry)}`;
  const { approval, code } = entry;
  const args = entry.arguments;
  const mode = options.arguments ?? 'digest';
  if (args !== undefined && mode === 'digest') {
    out += `,"arguments":{"sha256":"${hash('sha256', args, 'hex')}"}`;
  } else if (args !== undefined && mode === 'full') {
    const value = JSON.parse(typeof args === 'string' ? args : textOfBytes(args)) as unknown;
    const redact = options.redact;
    out += `,"arguments":${JSON.stringify(redact?.length ? redactKeys(value, redact) : value)}`;
  }
  if (approval !== undefined) out += `,"approval":${quote(approval)}`;
  out += `,"outcome":${quote(entry.outcome)}`;
  if (code !== undefined) out += `,"code":${numberText(code)}`;
  const bytesIn =
    entry.bytesIn ??
    (args === undefined ? 0 : typeof args === 'string' ? Buffer.byteLength(args) : args.length);
  out += `,"durationMs":${millisText(entry.durationMs)},"bytesIn":${bytesIn}`;
  return `${out},"bytesOut":${entry.bytesOut}}`;
}

/** The line that marks a gap: `dropped` lines were dropped before it (the file could not keep up). */
export const droppedLine = (time: number, dropped: number): string =>
  `{"time":"${new Date(time).toISOString()}","event":"audit.dropped","dropped":${dropped}}`;
