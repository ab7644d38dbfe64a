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
import { createHash } from 'node:crypto';
import { RpcError } from '../errors/index.js';
import { RawJson } from '../rpc/index.js';
import { redactKeys } from './redact.js';
/** The observation of a request that is not audited: hands the params through, nothing else. */
class Unaudited {
    params;
    constructor(params) {
        this.params = params;
    }
    admitted() { }
    sent() { }
    answered() { }
    end() { }
}
/** The text of a JSON value as it came (raw payloads are spliced text: core/rpc). */
function textOf(value) {
    if (value === undefined)
        return undefined;
    return value instanceof RawJson ? value.text : JSON.stringify(value);
}
export class AuditObserver {
    #options;
    #methods;
    #wallClock;
    #now;
    constructor(options) {
        this.#options = options;
        this.#methods = new Set(options.methods ?? ['tools/call']);
        this.#wallClock = options.wallClock ?? Date.now;
        this.#now = options.now ?? performance.now.bind(performance);
    }
    request(upstream, method, name, params, caller) {
        if (!this.#methods.has(method))
            return new Unaudited(params);
        return new AuditRecord(this, upstream, method, name, params, caller);
    }
    sessionOpened(_session, _transport) { }
    sessionClosed(_session, _reason) { }
    /** @internal (AuditRecord) the line of an ended request. */
    line(record, outcome, error) {
        const { upstream, method, name, caller } = record;
        const entry = {
            time: new Date(record.startedAt).toISOString(),
        };
        const principal = caller?.context.principal;
        if (principal !== undefined && principal !== '')
            entry.principal = principal;
        const session = caller?.context.sessionId;
        if (session !== undefined && session !== '')
            entry.session = session;
        entry.upstream = upstream;
        entry.method = method;
        if (name !== undefined) {
            const exposed = this.#options.exposed?.(upstream, name);
            if (exposed !== undefined && method !== 'resources/read')
                entry.exposed = exposed;
            entry.name = name;
        }
        const args = textOf(record.params.arguments);
        const mode = this.#options.arguments ?? 'digest';
        if (args !== undefined && mode === 'digest') {
            entry.arguments = { sha256: createHash('sha256').update(args).digest('hex') };
        }
        else if (args !== undefined && mode === 'full') {
            const value = JSON.parse(args);
            const redact = this.#options.redact;
            entry.arguments = redact?.length ? redactKeys(value, redact) : value;
        }
        if (caller?.approval !== undefined)
            entry.approval = caller.approval;
        entry.outcome = outcome;
        if (error instanceof RpcError)
            entry.code = error.code;
        entry.durationMs = Math.round((this.#now() - record.started) * 1000) / 1000;
        entry.bytesIn = args === undefined ? 0 : Buffer.byteLength(args);
        entry.bytesOut = record.bytesOut;
        this.#options.writer.write(JSON.stringify(entry));
    }
    /** @internal */
    clocks() {
        return { wall: this.#wallClock(), now: this.#now() };
    }
}
/** One audited request, from routing to its end. */
class AuditRecord {
    audit;
    upstream;
    method;
    name;
    params;
    caller;
    startedAt;
    started;
    bytesOut = 0;
    #ended = false;
    constructor(audit, upstream, method, name, params, caller) {
        this.audit = audit;
        this.upstream = upstream;
        this.method = method;
        this.name = name;
        this.params = params;
        this.caller = caller;
        const { wall, now } = audit.clocks();
        this.startedAt = wall;
        this.started = now;
    }
    admitted() { }
    sent() { }
    answered(result) {
        const text = textOf(result);
        if (text !== undefined)
            this.bytesOut = Buffer.byteLength(text);
    }
    end(outcome, error) {
        if (this.#ended)
            return;
        this.#ended = true;
        this.audit.line(this, outcome, error);
    }
}
//# sourceMappingURL=audit.js.map