/**
 * The OpenTelemetry SDK is optional. When the standard environment asks for traces
 * (`OTEL_TRACES_EXPORTER` other than `none`, or `OTEL_EXPORTER_OTLP_ENDPOINT` /
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`), the CLI starts `@opentelemetry/sdk-node` if it is
 * installed next to mcp-mux (it reads the rest of the `OTEL_*` variables itself). Otherwise
 * the API stays a no-op: no span is made and `_meta` is forwarded untouched.
 */
import type { Logger } from '../index.js';
export declare function wantsTracing(env: Record<string, string | undefined>): boolean;
/** Starts the SDK when asked for; resolves with its shutdown (flushes spans) or undefined. */
export declare function startTracing(env: Record<string, string | undefined>, log: Logger): Promise<(() => Promise<void>) | undefined>;
