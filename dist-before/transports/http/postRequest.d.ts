/**
 * What the Streamable HTTP server reads off one request before it routes it: a header's first
 * value, whether `Accept` allows a type, whether a body is JSON-RPC by shape, and the trace
 * headers carried into each request's `_meta`.
 */
import type { IncomingMessage } from 'node:http';
/** A header's (first) value. */
export declare const header: (req: IncomingMessage, name: string) => string | undefined;
/** Whether an `Accept` header allows `type` (wildcards count). */
export declare function accepts(accept: string | undefined, type: string): boolean;
/** A JSON-RPC message, or a non-empty batch of them, by shape. */
export declare function isJsonRpcBody(message: unknown): boolean;
/** `message` with the POST's `traceparent`/`tracestate` headers in each request's `_meta`. */
export declare function withTraceHeaders(message: unknown, req: IncomingMessage): unknown;
