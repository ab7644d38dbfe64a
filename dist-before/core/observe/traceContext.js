/**
 * W3C Trace Context (`traceparent`, `tracestate`) in MCP's `_meta` and in HTTP headers, and
 * the one span mcp-mux makes per routed request. Uses only `@opentelemetry/api`: without a
 * registered SDK (`tracingActive()` false) the router leaves `_meta` untouched, so a client's
 * `traceparent` still reaches the upstream as it was sent, at no cost.
 */
import { createTraceState, ProxyTracerProvider, ROOT_CONTEXT, SpanKind, trace, } from '@opentelemetry/api';
/** The API's no-op provider: what a `ProxyTracerProvider` delegates to until an SDK registers. */
const NOOP_PROVIDER = new ProxyTracerProvider().getDelegate();
/** True when an OpenTelemetry SDK has registered a tracer provider. */
export function tracingActive() {
    const provider = trace.getTracerProvider();
    return provider instanceof ProxyTracerProvider
        ? provider.getDelegate() !== NOOP_PROVIDER
        : provider !== NOOP_PROVIDER;
}
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(?:-.*)?$/;
const INVALID_TRACE = '00000000000000000000000000000000';
const INVALID_SPAN = '0000000000000000';
/** The span context a `traceparent` names (undefined: absent or malformed, W3C §3.2). */
export function parseTraceparent(traceparent, tracestate) {
    if (typeof traceparent !== 'string')
        return undefined;
    const match = TRACEPARENT.exec(traceparent.trim());
    if (!match)
        return undefined;
    const [, version, traceId = '', spanId = '', flags = '00'] = match;
    if (version === 'ff' || (version === '00' && traceparent.trim().length !== 55))
        return undefined;
    if (traceId === INVALID_TRACE || spanId === INVALID_SPAN)
        return undefined;
    return {
        traceId,
        spanId,
        traceFlags: Number.parseInt(flags, 16) & 1,
        isRemote: true,
        ...(typeof tracestate === 'string' && tracestate !== ''
            ? { traceState: createTraceState(tracestate) }
            : {}),
    };
}
export function formatTraceparent(context) {
    return `00-${context.traceId}-${context.spanId}-${(context.traceFlags & 1) === 1 ? '01' : '00'}`;
}
/** `_meta.traceparent`/`tracestate` of request params, if any. */
export function traceOfParams(params) {
    const meta = params._meta;
    if (meta === undefined || meta === null || typeof meta !== 'object')
        return undefined;
    return parseTraceparent(meta.traceparent, meta.tracestate);
}
/** `params` with `_meta.traceparent` (and `tracestate`) of `context`: a copy. */
export function withTrace(params, context) {
    const meta = { ...(params._meta ?? {}) };
    meta.traceparent = formatTraceparent(context);
    const state = context.traceState?.serialize();
    if (state)
        meta.tracestate = state;
    else
        delete meta.tracestate;
    return { ...params, _meta: meta };
}
/**
 * The HTTP headers an outgoing JSON-RPC message's `params._meta` asks for (`traceparent`,
 * `tracestate`): HTTP upstreams see the trace in headers as well as in `_meta`.
 */
export function traceHeadersOf(message) {
    const params = message?.params;
    const meta = params?._meta;
    if (typeof meta?.traceparent !== 'string')
        return undefined;
    return typeof meta.tracestate === 'string'
        ? { traceparent: meta.traceparent, tracestate: meta.tracestate }
        : { traceparent: meta.traceparent };
}
/**
 * A client's trace given in HTTP headers goes into a request's `_meta` when the request has
 * none of its own (`_meta` wins: it is per message, a header per POST). Returns the message
 * itself when nothing changes.
 */
export function adoptTraceHeaders(message, traceparent, tracestate) {
    if (traceparent === undefined || parseTraceparent(traceparent) === undefined)
        return message;
    const request = message;
    if (typeof request !== 'object' || request === null || typeof request.method !== 'string') {
        return message;
    }
    const params = (request.params ?? {});
    if (typeof params !== 'object' || Array.isArray(params))
        return message;
    const meta = (params._meta ?? {});
    if (typeof meta !== 'object' || 'traceparent' in meta)
        return message;
    const traced = { ...meta, traceparent };
    if (tracestate !== undefined)
        traced.tracestate = tracestate;
    return { ...request, params: { ...params, _meta: traced } };
}
/** Starts the span of a routed request, child of the caller's trace when it sent one. */
export function startRequestSpan(info, parent) {
    const tracer = trace.getTracer('mcp-mux');
    const context = parent ? trace.setSpanContext(ROOT_CONTEXT, parent) : ROOT_CONTEXT;
    return tracer.startSpan(info.name === undefined ? info.method : `${info.method} ${info.name}`, {
        kind: SpanKind.SERVER,
        attributes: {
            'mcp.upstream': info.upstream,
            'mcp.method.name': info.method,
            ...(info.name === undefined ? {} : { 'mcp.name': info.name }),
        },
    }, context);
}
//# sourceMappingURL=traceContext.js.map