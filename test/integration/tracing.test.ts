/**
 * OpenTelemetry through the router: with a tracer provider registered (the
 * in-memory one of test/fixtures/otelTestSdk.ts, as an SDK would), each routed request gets
 * one span, child of the client's `traceparent`, and the upstream — a real process — receives
 * the same trace id with the router's span as parent. The client is the official SDK over
 * Streamable HTTP; the trace comes in `_meta` or in the HTTP header.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MuxMetrics } from '../../core/observe/metrics.js';
import { createRouter, parseConfig, type Router } from '../../index.js';
import { createHttpFacade, type HttpFacade } from '../../transports/index.js';
import { TestTracerProvider } from '../fixtures/otelTestSdk.js';
import { fixture } from './harness.js';

const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
const CLIENT_SPAN = 'b7ad6b7169203331';
const PARENT = `00-${TRACE_ID}-${CLIENT_SPAN}-01`;

const metaOf = (result: unknown): Record<string, string> =>
  JSON.parse((result as { content: { text: string }[] }).content[0]?.text ?? '{}').meta ?? {};

describe('traces across the router', () => {
  let provider: TestTracerProvider;
  let router: Router;
  let facade: HttpFacade;
  let client: Client;
  let headerClient: Client;

  beforeAll(async () => {
    provider = new TestTracerProvider().register();
    router = createRouter(
      parseConfig({ mcpServers: { rec: fixture('recordingServer', { timeoutMs: 400 }) } }),
      { observer: new MuxMetrics({ processMetrics: false }) },
    );
    facade = await createHttpFacade();
    facade.connections$.subscribe((transport) => router.connect(transport, 'http'));
    await router.start();
    client = new Client({ name: 'traced', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(facade.url)));
    headerClient = new Client({ name: 'traced-by-header', version: '1.0.0' });
    await headerClient.connect(
      new StreamableHTTPClientTransport(new URL(facade.url), {
        requestInit: {
          headers: { traceparent: `00-${TRACE_ID.replace('0a', 'ff')}-${CLIENT_SPAN}-01` },
        },
      }),
    );
  }, 30_000);

  afterAll(async () => {
    await client?.close();
    await headerClient?.close();
    await router?.close();
    await facade?.close();
    provider?.unregister();
  });

  it("continues the client's trace from _meta: one span, and the upstream sees it as parent", async () => {
    provider.spans.length = 0;
    const meta = metaOf(
      await client.callTool({
        name: 'rec__echo-meta',
        arguments: {},
        _meta: { traceparent: PARENT },
      }),
    );
    expect(provider.spans).toHaveLength(1);
    const span = provider.spans[0];
    expect(span?.context.traceId).toBe(TRACE_ID);
    expect(span?.parentSpanId).toBe(CLIENT_SPAN);
    expect(span?.name).toBe('tools/call echo-meta');
    expect(span?.attributes).toMatchObject({
      'mcp.upstream': 'rec',
      'mcp.method.name': 'tools/call',
      'mcp.name': 'echo-meta',
      'mcp.outcome': 'ok',
    });
    expect(typeof span?.attributes['mcp.queue_wait_ms']).toBe('number');
    // The upstream got the same trace, with the router's span as its parent.
    expect(meta.traceparent).toBe(`00-${TRACE_ID}-${span?.context.spanId}-01`);
    expect(span?.context.spanId).not.toBe(CLIENT_SPAN);
  });

  it('starts a new trace when the client sends none', async () => {
    provider.spans.length = 0;
    const meta = metaOf(await client.callTool({ name: 'rec__echo-meta', arguments: {} }));
    const span = provider.spans[0];
    expect(span?.parentSpanId).toBeUndefined();
    expect(meta.traceparent).toBe(`00-${span?.context.traceId}-${span?.context.spanId}-01`);
  });

  it('takes the trace from the HTTP traceparent header', async () => {
    provider.spans.length = 0;
    const meta = metaOf(await headerClient.callTool({ name: 'rec__echo-meta', arguments: {} }));
    const traceId = TRACE_ID.replace('0a', 'ff');
    const span = provider.spans.find((s) => s.name === 'tools/call echo-meta');
    expect(span?.context.traceId).toBe(traceId);
    expect(span?.parentSpanId).toBe(CLIENT_SPAN);
    expect(meta.traceparent?.startsWith(`00-${traceId}-`)).toBe(true);
  });

  it('marks a failed request: outcome timeout, status error', async () => {
    provider.spans.length = 0;
    await expect(
      client.callTool({
        name: 'rec__wait',
        arguments: { ms: 5_000 },
        _meta: { traceparent: PARENT },
      }),
    ).rejects.toThrow();
    const span = provider.spans.find((s) => s.name === 'tools/call wait');
    expect(span?.attributes['mcp.outcome']).toBe('timeout');
    expect(span?.status.code).toBe(2); // SpanStatusCode.ERROR
  });
});
