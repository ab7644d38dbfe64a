/**
 * Backwards-compatible HTTP upstream (spec 2025-03-26/2025-11-25, "Backwards
 * Compatibility"): the first message is POSTed as Streamable HTTP; if that POST fails with
 * 400, 404 or 405 the same URL is opened as a legacy HTTP+SSE stream and the first message is
 * sent again there. Messages sent while the mode is unknown wait in order, so the transport
 * is usable from construction on.
 *
 * Modern POSTs (2026-07-28, basic/transports/streamable-http "Backward Compatibility"): a
 * message sent with per-message `headers` (the request-metadata headers of a modern request:
 * the era probe) is never the HTTP+SSE probe. While the mode is unknown it goes out on a
 * Streamable HTTP transport of its own, whose answer (a result, a modern error in a 400, or
 * an error answered locally) reaches the upper layer as any response; a 2xx settles the mode
 * as `streamable`, anything else leaves it unknown so that the upper layer's `initialize`
 * (sent without headers) probes as above. So the HTTP+SSE fallback only ever follows a failed
 * `initialize`, never a modern answer.
 */
import { hasExchanges, } from '../../core/rpc/index.js';
import { BaseTransport } from '../base/index.js';
import { SseClientTransport } from './sseClient.js';
import { StreamableHttpClientTransport, } from './streamableHttpClient.js';
const FALLBACK_STATUSES = new Set([400, 404, 405]);
export class HttpUpstreamTransport extends BaseTransport {
    url;
    #options;
    #mode = 'unknown';
    #inner;
    #queue = [];
    #protocolVersion;
    constructor(url, options = {}) {
        super();
        this.url = new URL(url);
        this.#options = options;
        this.#protocolVersion = options.protocolVersion;
    }
    /** Which transport the upstream turned out to speak. */
    get mode() {
        return this.#mode;
    }
    /** The Streamable HTTP session id (`Mcp-Session-Id`), once the upstream gave one. */
    get sessionId() {
        const inner = this.#inner;
        return inner instanceof StreamableHttpClientTransport ? inner.sessionId : undefined;
    }
    get bufferedBytes() {
        return this.#inner?.bufferedBytes ?? 0;
    }
    /** Nothing to do before the first message (the probe needs it). */
    async start() { }
    setProtocolVersion(version) {
        this.#protocolVersion = version;
        const inner = this.#inner;
        if (inner && hasExchanges(inner))
            inner.setProtocolVersion(version);
    }
    send(message, options) {
        if (!this.isOpen)
            return;
        if (this.#mode === 'streamable' || this.#mode === 'sse') {
            this.#inner?.send(message, options);
        }
        else if (this.#mode === 'probing') {
            this.#queue.push([message, options]);
        }
        else if (options?.headers !== undefined) {
            this.#modern(message, options);
        }
        else {
            this.#mode = 'probing';
            this.#probe(message, options);
        }
    }
    abandon(requestId) {
        const inner = this.#inner;
        if (inner && hasExchanges(inner))
            inner.abandon(requestId);
    }
    async close() {
        const inner = this.#inner;
        this.finish({ kind: 'local' });
        await inner?.close();
    }
    #probe(first, options) {
        const streamable = new StreamableHttpClientTransport(this.url, {
            ...this.#options,
            ...(this.#protocolVersion === undefined ? {} : { protocolVersion: this.#protocolVersion }),
            probe: (status) => {
                if (FALLBACK_STATUSES.has(status)) {
                    this.#fallback(first, options); // rewires first, so the abandoned close is ignored
                    return true;
                }
                this.#use(streamable, 'streamable');
                return false;
            },
        });
        this.#wire(streamable);
        streamable.send(first, options);
    }
    /** A modern POST while the mode is unknown: see the file comment. */
    #modern(message, options) {
        const modern = new StreamableHttpClientTransport(this.url, {
            ...this.#options,
            ...(this.#protocolVersion === undefined ? {} : { protocolVersion: this.#protocolVersion }),
            probe: (status) => {
                if (status >= 200 && status < 300 && this.#mode === 'unknown' && this.#inner === modern) {
                    this.#use(modern, 'streamable');
                }
                return false;
            },
        });
        this.#wire(modern);
        modern.send(message, options);
    }
    #fallback(first, options) {
        if (!this.isOpen)
            return;
        const sse = new SseClientTransport(this.url, this.#options);
        this.#wire(sse);
        sse.send(first, options);
        this.#use(sse, 'sse');
    }
    #use(inner, mode) {
        this.#mode = mode;
        for (const [message, options] of this.#queue.splice(0))
            inner.send(message, options);
    }
    #wire(inner) {
        const previous = this.#inner;
        this.#inner = inner;
        // A modern probe's transport the upper layer moved on from (its answer was read).
        if (previous !== undefined && previous !== inner)
            void previous.close().catch(() => { });
        inner.messages$.subscribe((value) => {
            if (this.#inner === inner)
                this.emitMessage(value);
        });
        inner.errors$.subscribe((error) => {
            if (this.#inner === inner)
                this.emitError(error);
        });
        inner.closed$.subscribe((reason) => {
            if (this.#inner === inner)
                this.finish(reason);
        });
    }
}
/** A transport for an HTTP upstream of either kind; the first message decides which. */
export function connectHttpUpstream(url, options = {}) {
    return new HttpUpstreamTransport(url, options);
}
//# sourceMappingURL=connectHttpUpstream.js.map