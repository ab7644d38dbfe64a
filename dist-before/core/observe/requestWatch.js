import { SpanStatusCode } from '@opentelemetry/api';
import { startRequestSpan, traceOfParams, tracingActive, withTrace } from './traceContext.js';
export class RequestWatch {
    params;
    #metrics;
    #series;
    #tool;
    #span;
    /** This request's times go into the histograms (`timeEvery`): else no clock is read. */
    #timed;
    #routedAt;
    #ticket;
    #sentAt = -1;
    #answeredAt = -1;
    #ended = false;
    constructor(metrics, series, name, params, tool, timed = true) {
        this.#metrics = metrics;
        this.#series = series;
        this.#tool = tool;
        this.#timed = timed;
        this.#routedAt = timed ? metrics.now() : -1;
        if (tracingActive()) {
            const span = startRequestSpan({ upstream: series.upstream, method: series.method, name }, traceOfParams(params));
            this.#span = span;
            this.params = withTrace(params, span.spanContext());
        }
        else {
            this.params = params;
        }
    }
    admitted(ticket) {
        this.#ticket = ticket;
    }
    sent() {
        if (this.#timed && this.#sentAt < 0)
            this.#sentAt = this.#metrics.now();
    }
    answered() {
        if (this.#timed && this.#answeredAt < 0)
            this.#answeredAt = this.#metrics.now();
    }
    end(outcome, error) {
        if (this.#ended)
            return;
        this.#ended = true;
        const series = this.#series;
        const sentAt = this.#sentAt;
        const queueMs = this.#ticket?.waitedMs ?? 0;
        // The times are of (timed) requests that reached the upstream; one refused or that left
        // the queue is only counted (by outcome).
        if (sentAt >= 0) {
            const endedAt = this.#metrics.now();
            const answeredAt = this.#answeredAt >= 0 ? this.#answeredAt : endedAt;
            const upstreamMs = Math.max(0, answeredAt - sentAt);
            series.queueSeconds.observe(queueMs / 1000);
            series.upstreamSeconds.observe(upstreamMs / 1000);
            series.routerSeconds.observe(Math.max(0, endedAt - this.#routedAt - upstreamMs - queueMs) / 1000);
        }
        this.#metrics.counted(series, outcome, this.#tool);
        const span = this.#span;
        if (span !== undefined) {
            span.setAttribute('mcp.outcome', outcome);
            span.setAttribute('mcp.queue_wait_ms', queueMs);
            if (outcome !== 'ok') {
                span.setStatus({
                    code: SpanStatusCode.ERROR,
                    message: error instanceof Error ? error.message : outcome,
                });
            }
            span.end();
        }
    }
}
//# sourceMappingURL=requestWatch.js.map