/**
 * The one code table (core/errors/errors.ts): one number per meaning, every number in a
 * documented range, the spec's codes as the spec's schemas define them, and the frozen
 * legacy sub-range holding only what mcp-mux sent before MCP froze it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ErrorCode,
  ErrorCodeRange,
  LocalError,
  type LocalErrorCode,
  toRpcError,
} from '../../../core/errors/errors.js';
import { ModernErrorCode } from '../../../core/mcp/modernRequest.js';
import { SPEC_DIR } from '../../integration/schema.js';

const entries = Object.entries(ErrorCode);
const ranges = Object.entries(ErrorCodeRange);
const rangeOf = (code: number): string[] =>
  ranges.filter(([, r]) => code >= r.min && code <= r.max).map(([name]) => name);
const inJsonRpcReserved = (code: number) => code >= -32768 && code <= -32000;

/** Every `error.code` const of a revision's schema, by definition name. */
function schemaCodes(version: string): Map<number, string> {
  const schema = JSON.parse(readFileSync(join(SPEC_DIR, version, 'schema.json'), 'utf8')) as {
    definitions?: Record<string, unknown>;
    $defs?: Record<string, unknown>;
  };
  const codes = new Map<number, string>();
  for (const [name, definition] of Object.entries(schema.definitions ?? schema.$defs ?? {})) {
    const text = JSON.stringify(definition);
    for (const match of text.matchAll(/"code":\{[^{}]*"const":(-?\d+)/g)) {
      codes.set(Number(match[1]), name);
    }
  }
  return codes;
}

describe('ErrorCode', () => {
  it('gives each meaning its own number (no two names share one)', () => {
    const byCode = new Map<number, string[]>();
    for (const [name, code] of entries) byCode.set(code, [...(byCode.get(code) ?? []), name]);
    const shared = [...byCode].filter(([, names]) => names.length > 1);
    expect(shared).toEqual([]);
  });

  it('has only integers, each in exactly one documented range', () => {
    for (const [name, code] of entries) {
      expect(Number.isInteger(code), name).toBe(true);
      expect(rangeOf(code), `${name} (${code})`).toHaveLength(1);
    }
  });

  it('documents ranges that do not overlap, with mux codes outside the JSON-RPC reserved range', () => {
    for (const [a, ra] of ranges) {
      expect(ra.min <= ra.max, a).toBe(true);
      for (const [b, rb] of ranges) {
        if (a !== b) expect(ra.max < rb.min || rb.max < ra.min, `${a} / ${b}`).toBe(true);
      }
    }
    const { jsonRpc, mcpSpec, legacy, mux } = ErrorCodeRange;
    for (const r of [jsonRpc, mcpSpec, legacy]) {
      expect(inJsonRpcReserved(r.min) && inJsonRpcReserved(r.max)).toBe(true);
    }
    expect(inJsonRpcReserved(mux.min) || inJsonRpcReserved(mux.max)).toBe(false);
  });

  it('keeps the JSON-RPC 2.0 standard codes', () => {
    expect(ErrorCode).toMatchObject({
      ParseError: -32700,
      InvalidRequest: -32600,
      MethodNotFound: -32601,
      InvalidParams: -32602,
      InternalError: -32603,
    });
  });

  it('adds nothing to the frozen legacy sub-range (MCP 2026-07-28: no new codes there)', () => {
    const legacy = entries.filter(([, code]) => rangeOf(code)[0] === 'legacy');
    expect(Object.fromEntries(legacy)).toEqual({
      TransportRefused: -32000,
      SessionNotFound: -32001,
      ResourceNotFound: -32002,
      Overloaded: -32010,
      UpstreamUnavailable: -32011,
      RequestCancelled: -32012,
      MessageTooLarge: -32013,
    });
  });

  it('uses the spec range only for codes the spec schemas define, with their names', () => {
    const defined = new Map([...schemaCodes('2025-11-25'), ...schemaCodes('2026-07-28')]);
    const spec = entries.filter(([, code]) => rangeOf(code)[0] === 'mcpSpec');
    expect(spec.length).toBeGreaterThan(0);
    for (const [name, code] of spec) {
      expect(defined.get(code)?.toLowerCase(), `${name} (${code})`).toBe(
        `${name.toLowerCase()}error`,
      );
    }
    // …and names every code the schemas define.
    const named = new Set<number>(Object.values(ErrorCode));
    expect([...defined.keys()].filter((code) => !named.has(code))).toEqual([]);
  });

  it('keeps ModernErrorCode (core/mcp) as names of the same numbers', () => {
    for (const [name, code] of Object.entries(ModernErrorCode)) {
      expect(code, name).toBe(ErrorCode[name as keyof typeof ErrorCode]);
    }
  });

  it('tells a routed request timeout from an unknown HTTP session', () => {
    expect(ErrorCode.SessionNotFound).toBe(-32001);
    expect(ErrorCode.RequestTimeout).not.toBe(ErrorCode.SessionNotFound);
    expect(rangeOf(ErrorCode.RequestTimeout)).toEqual(['mux']);
  });

  it('gives an invalid response of a peer its own mux code, not "unavailable"', () => {
    expect(ErrorCode.InvalidResponse).toBe(-31002);
    expect(rangeOf(ErrorCode.InvalidResponse)).toEqual(['mux']);
  });
});

describe('toRpcError', () => {
  const wire: Record<LocalErrorCode, number> = {
    timeout: ErrorCode.RequestTimeout,
    'max-total-timeout': ErrorCode.RequestTimeout,
    closed: ErrorCode.UpstreamUnavailable,
    cancelled: ErrorCode.RequestCancelled,
    overloaded: ErrorCode.Overloaded,
    'upstream-unavailable': ErrorCode.UpstreamUnavailable,
    config: ErrorCode.InternalError,
    framing: ErrorCode.ParseError,
    'invalid-response': ErrorCode.InvalidResponse,
  };

  for (const [local, code] of Object.entries(wire)) {
    it(`sends a local '${local}' as ${code}, with the reason and details in data`, () => {
      const error = toRpcError(new LocalError(local as LocalErrorCode, 'why', { upstream: 'a' }));
      expect(error.toJSON()).toEqual({
        code,
        message: 'why',
        data: { reason: local, upstream: 'a' },
      });
    });
  }

  it('sends anything else as an internal error', () => {
    expect(toRpcError(new Error('boom')).toJSON()).toEqual({
      code: ErrorCode.InternalError,
      message: 'Internal error: boom',
    });
  });
});
