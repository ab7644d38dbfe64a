export function wantsTracing(env) {
    const exporter = env.OTEL_TRACES_EXPORTER;
    if (exporter !== undefined && exporter !== '')
        return exporter !== 'none';
    return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}
/** Starts the SDK when asked for; resolves with its shutdown (flushes spans) or undefined. */
export async function startTracing(env, log) {
    if (!wantsTracing(env))
        return undefined;
    const name = '@opentelemetry/sdk-node';
    try {
        const sdkModule = (await import(name));
        const sdk = new sdkModule.NodeSDK({ serviceName: env.OTEL_SERVICE_NAME ?? 'mcp-mux' });
        sdk.start();
        log.info('OpenTelemetry tracing on (OTEL_* environment)');
        return () => sdk.shutdown();
    }
    catch (error) {
        log.warn(`OTEL_* asks for traces but ${name} cannot be loaded (install it next to mcp-mux): ${String(error)}`);
        return undefined;
    }
}
//# sourceMappingURL=otel.js.map