/**
 * The audit trail (`--audit FILE`, `mcpMux.audit`): a `RouterObserver` that hands one entry
 * per routed request of the audited methods (default `tools/call`) to its sink when it ends;
 * the sink turns it into a JSON line (`auditLine.ts`):
 *
 *   {"time":"…","principal":"alice","session":"…","upstream":"github","method":"tools/call",
 *    "exposed":"github__create_issue","name":"create_issue","arguments":{"sha256":"…"},
 *    "approval":"accepted","outcome":"ok","durationMs":12.3,"bytesIn":42,"bytesOut":311}
 *
 * `outcome` is the metrics' label (`ok`, `error`, `timeout`, `declined`, …) and `code` the
 * JSON-RPC error code when there is one; `"profile":"…"` follows `session` when the client is
 * in a profile (`/mcp/<name>`, `--profile`).
 * On the hot path nothing is formatted or hashed: the entry carries the arguments' JSON text
 * as the call already holds it (`AuditThread` hashes and writes on a worker thread). Never
 * written: `_meta`, tokens, headers, results. Requests of other methods cost one set lookup.
 */
import { RpcError } from '../errors/index.js';
import { type JsonObject, RawJson } from '../rpc/index.js';
import type { AuditEntry } from './auditEntry.js';
import { type AuditArguments, type AuditLineOptions, auditLine } from './auditLine.js';
import type {
  ObservedCaller,
  ObservedSession,
  Outcome,
  RequestObservation,
  RouterObserver,
} from './observer.js';

export type { AuditArguments } from './auditLine.js';

/** Where ended calls go: a worker's batch (`AuditThread`) or lines in process (`lineSink`). */
export interface AuditSink {
  add(entry: AuditEntry): void;
}

export interface AuditOptions {
  readonly sink: AuditSink;
  /** Methods audited (default `['tools/call']`). */
  readonly methods?: readonly string[];
  /** `none`: the arguments' text is not handed to the sink, only its size. */
  readonly arguments?: AuditArguments;
  /** The exposed name of an upstream's tool or prompt (the facade's naming). */
  readonly exposed?: (upstream: string, name: string) => string;
  /** Wall-clock ms (default `Date.now`) and a monotonic ms clock (default `performance.now`). */
  readonly wallClock?: () => number;
  readonly now?: () => number;
}

/** A sink that formats each entry at once and writes its line (`AuditWriter`, tests). */
export function lineSink(
  writer: { write(line: string): void },
  options: AuditLineOptions = {},
): AuditSink {
  return { add: (entry) => writer.write(auditLine(entry, options)) };
}

/** The observation of a request that is not audited: hands the params through, nothing else. */
class Unaudited implements RequestObservation {
  constructor(readonly params: JsonObject) {}
  admitted(): void {}
  sent(): void {}
  answered(): void {}
  end(): void {}
}

/** The text of a JSON value as it came (raw payloads are spliced text: core/rpc). */
function textOf(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return value instanceof RawJson ? value.text : JSON.stringify(value);
}

export class AuditObserver implements RouterObserver {
  readonly #methods: ReadonlySet<string>;
  /** @internal (AuditRecord) */
  readonly sink: AuditSink;
  /** @internal */
  readonly withArguments: boolean;
  /** @internal */
  readonly exposed: ((upstream: string, name: string) => string) | undefined;
  /** @internal */
  readonly wallClock: () => number;
  /** @internal */
  readonly now: () => number;

  constructor(options: AuditOptions) {
    this.sink = options.sink;
    this.#methods = new Set(options.methods ?? ['tools/call']);
    this.withArguments = (options.arguments ?? 'digest') !== 'none';
    this.exposed = options.exposed;
    this.wallClock = options.wallClock ?? Date.now;
    this.now = options.now ?? performance.now.bind(performance);
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
}

/** One audited request, from routing to its end; at its end, the entry the sink gets. */
class AuditRecord implements RequestObservation, AuditEntry {
  readonly time: number;
  readonly #started: number;
  readonly principal: string | undefined;
  readonly session: string | undefined;
  readonly profile: string | undefined;
  exposed: string | undefined = undefined;
  arguments: string | undefined = undefined;
  bytesIn: number | undefined = undefined;
  approval: string | undefined = undefined;
  outcome: string = 'ok';
  code: number | undefined = undefined;
  durationMs = 0;
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
    this.time = audit.wallClock();
    this.#started = audit.now();
    this.principal = caller?.context.principal;
    this.session = caller?.context.sessionId;
    this.profile = caller?.profile;
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
    const audit = this.audit;
    this.durationMs = audit.now() - this.#started;
    this.outcome = outcome;
    if (error instanceof RpcError) this.code = error.code;
    // Read at the end: the approval step decides while the call is routed.
    this.approval = this.caller?.approval;
    if (this.name !== undefined && this.method !== 'resources/read') {
      this.exposed = audit.exposed?.(this.upstream, this.name);
    }
    const args = textOf(this.params.arguments);
    if (audit.withArguments) this.arguments = args;
    else this.bytesIn = args === undefined ? 0 : Buffer.byteLength(args);
    audit.sink.add(this);
  }
}
