/** The transport of one server entry (core/config/transportConfig.ts): explicit, aliased or inferred. */
import { describe, expect, it } from 'vitest';
import { Issues, type JsonObject } from '../../../core/config/configSchema.js';
import {
  checkUrl,
  parseTransport,
  type UpstreamTransportKind,
} from '../../../core/config/transportConfig.js';

const transportOf = (raw: JsonObject) => {
  const issues = new Issues();
  const kind = parseTransport(raw, 's', issues);
  return { kind, issues: issues.list.map((i) => `${i.path}: ${i.reason}`) };
};

describe('parseTransport', () => {
  it('infers stdio from command, ws from a ws(s) URL and Streamable HTTP from other URLs', () => {
    expect(transportOf({ command: 'x' }).kind).toBe('stdio');
    expect(transportOf({ url: 'ws://127.0.0.1/' }).kind).toBe('ws');
    expect(transportOf({ url: 'WSS://h/' }).kind).toBe('ws');
    expect(transportOf({ url: 'http://127.0.0.1/mcp' }).kind).toBe('streamable-http');
  });

  it('takes transport or its alias type ("http" meaning Streamable HTTP); they must agree', () => {
    expect(transportOf({ url: 'http://h/', type: 'sse' }).kind).toBe('sse');
    expect(transportOf({ url: 'http://h/', type: 'http' }).kind).toBe('streamable-http');
    expect(transportOf({ url: 'http://h/', transport: 'http', type: 'streamable-http' })).toEqual({
      kind: 'streamable-http',
      issues: [],
    });
    expect(transportOf({ url: 'http://h/', transport: 'sse', type: 'http' })).toEqual({
      kind: undefined,
      issues: ['s.type: conflicts with "transport" (streamable-http vs sse)'],
    });
  });

  it('needs exactly one of command and url, matching the transport named', () => {
    expect(transportOf({}).issues).toEqual([
      's: missing "command" or "url" (exactly one is required)',
    ]);
    expect(transportOf({ command: 'x', url: 'http://h/' }).issues).toEqual([
      's: give exactly one of "command" or "url", not both',
    ]);
    expect(transportOf({ url: 'http://h/', transport: 'stdio' }).issues).toEqual([
      's.transport: stdio needs "command", not "url"',
    ]);
    expect(transportOf({ command: 'x', type: 'ws' }).issues).toEqual([
      's.type: ws needs "url", not "command"',
    ]);
  });

  it('refuses an unknown transport name (the issue refuses the file)', () => {
    expect(transportOf({ url: 'http://h/', transport: 'grpc' }).issues).toEqual([
      's.transport: expected one of "stdio", "streamable-http", "http", "sse", "ws", got "grpc"',
    ]);
  });
});

describe('checkUrl', () => {
  const check = (url: string, transport: UpstreamTransportKind) => {
    const issues = new Issues();
    return {
      ok: checkUrl(url, transport, 's.url', issues),
      issues: issues.list.map((i) => i.reason),
    };
  };

  it('takes http(s) for HTTP transports and ws(s) for WebSocket', () => {
    expect(check('https://h/mcp', 'streamable-http').ok).toBe(true);
    expect(check('http://h/sse', 'sse').ok).toBe(true);
    expect(check('wss://h/', 'ws').ok).toBe(true);
  });

  it('names the schemes a transport needs, and refuses a relative URL', () => {
    expect(check('ws://h/', 'streamable-http')).toEqual({
      ok: false,
      issues: ['transport streamable-http needs a http:// or https:// URL, got ws://'],
    });
    expect(check('http://h/', 'ws').issues).toEqual([
      'transport ws needs a ws:// or wss:// URL, got http://',
    ]);
    expect(check('/mcp', 'sse')).toEqual({
      ok: false,
      issues: ['expected an absolute URL, got "/mcp"'],
    });
  });
});
