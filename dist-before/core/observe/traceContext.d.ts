/**
 * W3C Trace Context (`traceparent`, `tracestate`) in MCP's `_meta` and in HTTP headers, and
 * the one span mcp-mux makes per routed request. Uses only `@opentelemetry/api`: without a
 * registered SDK (`tracingActive()` false) the router leaves `_meta` untouched, so a client's
 * `traceparent` still reaches the upstream as it was sent, at no cost.
 */
import { type Span, type SpanContext } from '@opentelemetry/api';
import type { JsonObject } from '../rpc/index.js';
/** True when an OpenTelemetry SDK has registered a tracer provider. */
export declare function tracingActive(): boolean;
/** The span context a `traceparent` names (undefined: absent or malformed, W3C §3.2). */
export declare function parseTraceparent(traceparent: unknown, tracestate?: unknown): SpanContext | undefined;
export declare function formatTraceparent(context: SpanContext): string;
/** `_meta.traceparent`/`tracestate` of request params, if any. */
export declare function traceOfParams(params: JsonObject): SpanContext | undefined;
/** `params` with `_meta.traceparent` (and `tracestate`) of `context`: a copy. */
export declare function withTrace(params: JsonObject, context: SpanContext): JsonObject;
/**
 * The HTTP headers an outgoing JSON-RPC message's `params._meta` asks for (`traceparent`,
 * `tracestate`): HTTP upstreams see the trace in headers as well as in `_meta`.
 */
export declare function traceHeadersOf(message: unknown): Record<string, string> | undefined;
/**
 * A client's trace given in HTTP headers goes into a request's `_meta` when the request has
 * none of its own (`_meta` wins: it is per message, a header per POST). Returns the message
 * itself when nothing changes.
 */
export declare function adoptTraceHeaders(message: unknown, traceparent: string | undefined, tracestate: string | undefined): unknown;
/** What the router's span records about one routed request. */
export interface RequestSpanInfo {
    upstream: string;
    method: string;
    name: string | undefined;
}
/** Starts the span of a routed request, child of the caller's trace when it sent one. */
export declare function startRequestSpan(info: RequestSpanInfo, parent: SpanContext | undefined): Span;
