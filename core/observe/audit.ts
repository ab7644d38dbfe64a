/**
 * The audit trail (`--audit FILE`, `mcpMux.audit`): a `RouterObserver` that writes one JSON
 * line per routed request of the audited methods (default `tools/call`) when it ends:
 *
 *   {"time":"…","principal":"alice","session":"…","upstream":"github","method":"tools/call",
 *    "exposed":"github__create_issue","name":"create_issue","arguments":{"sha256":"…"},
 *    "approval":"accepted","outcome":"ok","durationMs":12.3,"bytesIn":42,"bytesOut":311}
 *
 * `outcome` is the metrics' label (`ok`, `error`, `timeout`, `declined`, …) and `code` the
 * JSON-RPC error code when there is one. `profile` is not written yet (no profiles exist).
 * Arguments (`mcpMux.audit.arguments`): `digest` (default: SHA-256 of their JSON text, as the
 * client sent it), `full` (keys matching `approveRedact` redacted), or `none`. Never written: `_meta`, tokens, headers, results.
 * Requests of other methods cost one set lookup. Writing goes through `AuditWriter` (bounded).
 */
import { hash } from 'node:crypto';
import { RpcError } from '../errors/index.js';
import { type JsonObject, RawJson } from '../rpc/index.js';
import type { AuditWriter } from './auditWriter.js';
import type {
  ObservedCaller,
  ObservedSession,
  Outcome,
  RequestObservation,
  RouterObserver,
} from './observer.js';
import { redactKeys } from './redact.js';

export type AuditArguments = 'digest' | 'full' | 'none';

export interface AuditOptions {
  readonly writer: Pick<AuditWriter, 'write'>;
  /** Methods audited (default `['tools/call']`). */
  readonly methods?: readonly string[];
  readonly arguments?: AuditArguments;
  /** With `full`: argument keys (globs, any depth) written as `[redacted]` (`approveRedact`). */
  readonly redact?: readonly string[] | undefined;
  /** The exposed name of an upstream's tool or prompt (the facade's naming). */
  readonly exposed?: (upstream: string, name: string) => string;
  /** Wall-clock ms (default `Date.now`) and a monotonic ms clock (default `performance.now`). */
  readonly wallClock?: () => number;
  readonly now?: () => number;
}

/** The observation of a request that is not audited: hands the params through, nothing else. */
class Unaudited implements RequestObservation {
  constructor(readonly params: JsonObject) {}
  admitted(): void {}
  sent(): void {}
  answered(): void {}
  end(): void {}
}

/**
 * A string as JSON text. The same few strings (upstreams, methods, names, principals,
 * sessions) come back on every line: their quoted forms are kept (a bounded table).
 */
const quoted = new Map<string, string>();
function quote(text: string): string {
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

/** The text of a JSON value as it came (raw payloads are spliced text: core/rpc). */
function textOf(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return value instanceof RawJson ? value.text : JSON.stringify(value);
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

export class AuditObserver implements RouterObserver {
  readonly #options: AuditOptions;
  readonly #methods: ReadonlySet<string>;
  readonly #wallClock: () => number;
  readonly #now: () => number;

  constructor(options: AuditOptions) {
    this.#options = options;
    this.#methods = new Set(options.methods ?? ['tools/call']);
    this.#wallClock = options.wallClock ?? Date.now;
    this.#now = options.now ?? performance.now.bind(performance);
  }

  request(
    upstream: string,
    method: string,
    name: string | undefined,
    params: JsonObject,
    caller?: ObservedCaller,
  ): RequestObservation {
    if (!this.#methods.has(method)) return new Unaudited(params);
    return new AuditRecord(this, upstream, method, name, params, caller);
  }

  sessionOpened(_session: ObservedSession, _transport: string): void {}
  sessionClosed(_session: ObservedSession, _reason: string): void {}

  /**
   * @internal (AuditRecord) the line of an ended request, written out by hand (each string
   * through `JSON.stringify`): at tens of thousands of calls a second, building an object
   * and serialising it cost more than the hash.
   */
  line(record: AuditRecord, outcome: Outcome, error: unknown): void {
    const { upstream, method, name, caller } = record;
    let out = `{"time":"${isoTime(record.startedAt)}"`;
    const principal = caller?.context.principal;
    if (principal !== undefined && principal !== '') out += `,"principal":${quote(principal)}`;
    const session = caller?.context.sessionId;
    if (session !== undefined && session !== '') out += `,"session":${quote(session)}`;
    out += `,"upstream":${quote(upstream)},"method":${quote(method)}`;
    if (name !== undefined) {
      const exposed = this.#options.exposed?.(upstream, name);
      if (exposed !== undefined && method !== 'resources/read') {
        out += `,"exposed":${quote(exposed)}`;
      }
      out += `,"name":${quote(name)}`;
    }
    const args = textOf(record.params.arguments);
    const mode = this.#options.arguments ?? 'digest';
    if (args !== undefined && mode === 'digest') {
      out += `,"arguments":{"sha256":"${hash('sha256', args, 'hex')}"}`;
    } else if (args !== undefined && mode === 'full') {
      const value = JSON.parse(args) as unknown;
      const redact = this.#options.redact;
      out += `,"arguments":${JSON.stringify(redact?.length ? redactKeys(value, redact) : value)}`;
    }
    if (caller?.approval !== undefined) out += `,"approval":${quote(caller.approval)}`;
    out += `,"outcome":${quote(outcome)}`;
    if (error instanceof RpcError) out += `,"code":${numberText(error.code)}`;
    const bytesIn = args === undefined ? 0 : Buffer.byteLength(args);
    out += `,"durationMs":${millisText(this.#now() - record.started)},"bytesIn":${bytesIn}`;
    out += `,"bytesOut":${record.bytesOut}}`;
    this.#options.writer.write(out);
  }

  /** @internal */
  clocks(): { wall: number; now: number } {
    return { wall: this.#wallClock(), now: this.#now() };
  }
}

/** One audited request, from routing to its end. */
class AuditRecord implements RequestObservation {
  readonly startedAt: number;
  readonly started: number;
  bytesOut = 0;
  #ended = false;

  constructor(
    readonly audit: AuditObserver,
    readonly upstream: string,
    readonly method: string,
    readonly name: string | undefined,
    readonly params: JsonObject,
    readonly caller: ObservedCaller | undefined,
  ) {
    const { wall, now } = audit.clocks();
    this.startedAt = wall;
    this.started = now;
  }

  admitted(): void {}
  sent(): void {}

  answered(result?: JsonObject): void {
    const text = textOf(result);
    if (text !== undefined) this.bytesOut = Buffer.byteLength(text);
  }

  end(outcome: Outcome, error?: unknown): void {
    if (this.#ended) return;
    this.#ended = true;
    this.audit.line(this, outcome, error);
  }
}
