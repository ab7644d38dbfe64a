/** `parseUpstreamEntry`, `toRouterConfig` and `shutdownGraceMs` (core/config/). */
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  parseConfig,
  parseUpstreamEntry,
  toRouterConfig,
} from '../../../core/config/config.js';

const current = parseConfig({ mcpServers: {}, mcpMux: { concurrency: 3, shutdownGraceMs: 500 } });

describe('parseUpstreamEntry', () => {
  it('parses one entry over the running mcpMux defaults', () => {
    const upstream = parseUpstreamEntry('a', { command: 'x', args: ['1'] }, current);
    expect(upstream).toMatchObject({ name: 'a', command: 'x', args: ['1'], concurrency: 3 });
    expect(upstream.shutdownGraceMs).toBe(500);
  });

  it('throws a ConfigError listing every issue with its file path', () => {
    const error = (() => {
      try {
        parseUpstreamEntry('a', { command: 1, shutdownGraceMs: -1 }, current);
      } catch (e) {
        return e;
      }
    })() as ConfigError;
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.issues.map((i) => i.path).sort()).toEqual([
      'mcpServers.a.command',
      'mcpServers.a.shutdownGraceMs',
    ]);
  });
});

describe('shutdownGraceMs', () => {
  it('is per server over mcpMux, and absent unless written', () => {
    const config = parseConfig({
      mcpServers: { a: { command: 'x' }, b: { command: 'y', shutdownGraceMs: 0 } },
      mcpMux: { shutdownGraceMs: 250 },
    });
    expect(config.upstreams.map((u) => u.shutdownGraceMs)).toEqual([250, 0]);
    expect(parseConfig({ mcpServers: { a: { command: 'x' } } }).upstreams[0]?.shutdownGraceMs).toBe(
      undefined,
    );
  });
});

describe('toRouterConfig', () => {
  it('passes a parsed config through and parses a raw one', () => {
    expect(toRouterConfig(current)).toBe(current);
    expect(toRouterConfig({ mcpServers: { a: { command: 'x' } } }).upstreams[0]?.name).toBe('a');
    expect(() => toRouterConfig({ mcpServers: 1 })).toThrow(ConfigError);
  });
});
