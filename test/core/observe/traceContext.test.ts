import { ROOT_CONTEXT, trace } from '@opentelemetry/api';
import { afterEach, describe, expect, it } from 'vitest';
import {
  adoptTraceHeaders,
  formatTraceparent,
  parseTraceparent,
  traceHeadersOf,
  tracingActive,
  withTrace,
} from '../../../core/observe/traceContext.js';
import { TestTracerProvider } from '../../fixtures/otelTestSdk.js';

const PARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

describe('W3C trace context in _meta and headers', () => {
  afterEach(() => trace.disable());

  it('parses a valid traceparent and formats it back', () => {
    const context = parseTraceparent(PARENT, 'a=1,b=2');
    expect(context).toMatchObject({
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      spanId: '00f067aa0ba902b7',
      traceFlags: 1,
      isRemote: true,
    });
    expect(context?.traceState?.get('b')).toBe('2');
    expect(formatTraceparent(context!)).toBe(PARENT);
  });

  it.each([
    ['not a string', 42],
    ['all-zero trace id', '00-00000000000000000000000000000000-00f067aa0ba902b7-01'],
    ['all-zero span id', '00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01'],
    ['version ff', 'ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01'],
    ['upper case', '00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01'],
    ['extra fields in version 00', `${PARENT}-zz`],
    ['short', '00-4bf92f-00f067aa0ba902b7-01'],
  ])('rejects %s', (_why, value) => {
    expect(parseTraceparent(value)).toBeUndefined();
  });

  it('withTrace copies: the caller params are not modified', () => {
    const params = { name: 't', _meta: { progressToken: 1, traceparent: 'old' } };
    const traced = withTrace(params, parseTraceparent(PARENT)!);
    expect(params._meta.traceparent).toBe('old');
    expect(traced._meta).toEqual({ progressToken: 1, traceparent: PARENT });
  });

  it('headers for an outgoing message come from its _meta', () => {
    expect(traceHeadersOf({ params: { _meta: { traceparent: PARENT } } })).toEqual({
      traceparent: PARENT,
    });
    expect(traceHeadersOf({ params: {} })).toBeUndefined();
    expect(traceHeadersOf({ result: {} })).toBeUndefined();
  });

  it('a header trace joins requests without one in _meta; _meta wins', () => {
    const request = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x' } };
    expect(adoptTraceHeaders(request, PARENT, 's=1')).toEqual({
      ...request,
      params: { name: 'x', _meta: { traceparent: PARENT, tracestate: 's=1' } },
    });
    const own = { ...request, params: { _meta: { traceparent: 'mine' } } };
    expect(adoptTraceHeaders(own, PARENT, undefined)).toBe(own);
    const response = { jsonrpc: '2.0', id: 1, result: {} };
    expect(adoptTraceHeaders(response, PARENT, undefined)).toBe(response);
    expect(adoptTraceHeaders(request, 'garbage', undefined)).toBe(request);
  });

  it('tracing is active only once a provider is registered', () => {
    expect(tracingActive()).toBe(false);
    const provider = new TestTracerProvider().register();
    expect(tracingActive()).toBe(true);
    trace.getTracer('x').startSpan('s', {}, ROOT_CONTEXT).end();
    expect(provider.spans).toHaveLength(1);
    provider.unregister();
    expect(tracingActive()).toBe(false);
  });
});
