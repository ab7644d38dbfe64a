/** The optional OpenTelemetry SDK (bin/otel.ts): when the standard environment asks for traces. */
import { describe, expect, it } from 'vitest';
import { startTracing, wantsTracing } from '../../bin/otel.js';
import { createLogger } from '../../core/log/log.js';

describe('wantsTracing', () => {
  it('follows OTEL_TRACES_EXPORTER when set: anything but "none" asks for traces', () => {
    expect(wantsTracing({ OTEL_TRACES_EXPORTER: 'otlp' })).toBe(true);
    expect(wantsTracing({ OTEL_TRACES_EXPORTER: 'console' })).toBe(true);
    expect(
      wantsTracing({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://h' }),
    ).toBe(false);
  });

  it('otherwise asks for traces when an OTLP endpoint is set', () => {
    expect(wantsTracing({})).toBe(false);
    expect(wantsTracing({ OTEL_TRACES_EXPORTER: '' })).toBe(false);
    expect(wantsTracing({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' })).toBe(true);
    expect(wantsTracing({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:4318' })).toBe(
      true,
    );
    expect(wantsTracing({ OTEL_EXPORTER_OTLP_ENDPOINT: '' })).toBe(false);
  });
});

describe('startTracing', () => {
  it('does nothing, and says nothing, when traces are not asked for', async () => {
    const lines: string[] = [];
    const log = createLogger({ sink: (line) => lines.push(line) });
    expect(await startTracing({}, log)).toBeUndefined();
    expect(lines).toEqual([]);
  });

  it('warns, naming the package, when traces are asked for but the SDK is not installed', async () => {
    const lines: string[] = [];
    const log = createLogger({ sink: (line) => lines.push(line) });
    // @opentelemetry/sdk-node is not a dependency of mcp-mux (test/fixtures/otelTestSdk.ts).
    expect(await startTracing({ OTEL_TRACES_EXPORTER: 'otlp' }, log)).toBeUndefined();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(
      'OTEL_* asks for traces but @opentelemetry/sdk-node cannot be loaded',
    );
  });
});
