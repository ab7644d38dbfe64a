/**
 * The OpenTelemetry SDK is optional. When the standard environment asks for traces
 * (`OTEL_TRACES_EXPORTER` other than `none`, or `OTEL_EXPORTER_OTLP_ENDPOINT` /
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`), the CLI starts `@opentelemetry/sdk-node` if it is
 * installed next to mcp-mux (it reads the rest of the `OTEL_*` variables itself). Otherwise
 * the API stays a no-op: no span is made and `_meta` is forwarded untouched.
 */
import type { Logger } from '../index.js';

export function wantsTracing(env: Record<string, string | undefined>): boolean {
  const exporter = env.OTEL_TRACES_EXPORTER;
  if (exporter !== undefined && exporter !== '') return exporter !== 'none';
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/** Starts the SDK when asked for; resolves with its shutdown (flushes spans) or undefined. */
export async function startTracing(
  env: Record<string, string | undefined>,
  log: Logger,
): Promise<(() => Promise<void>) | undefined> {
  if (!wantsTracing(env)) return undefined;
  const name = '@opentelemetry/sdk-node';
  try {
    const sdkModule = (await import(name)) as {
      NodeSDK: new (config?: object) => { start(): void; shutdown(): Promise<void> };
    };
    const sdk = new sdkModule.NodeSDK({ serviceName: env.OTEL_SERVICE_NAME ?? 'mcp-mux' });
    sdk.start();
    log.info('OpenTelemetry tracing on (OTEL_* environment)');
    return () => sdk.shutdown();
  } catch (error) {
    log.warn(
      `OTEL_* asks for traces but ${name} cannot be loaded (install it next to mcp-mux): ${String(error)}`,
    );
    return undefined;
  }
}
