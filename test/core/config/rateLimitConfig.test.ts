import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../../core/config/index.js';

const parse = (mcpMux: unknown, mcpServers: unknown = {}) => parseConfig({ mcpServers, mcpMux });

const issuePaths = (fn: () => unknown): string[] => {
  try {
    fn();
  } catch (error) {
    return (error as ConfigError).issues.map((issue) => issue.path).sort();
  }
  throw new Error('expected a ConfigError');
};

describe('mcpMux.rateLimits', () => {
  it('is absent by default; burst defaults to 1', () => {
    expect(parseConfig({ mcpServers: {} }).rateLimits).toBeUndefined();
    const rule = { principals: ['token:ci'], upstreams: ['gh*'], tools: ['gh__create_*'] };
    expect(parse({ rateLimits: [{ ...rule, perMinute: 30 }] }).rateLimits).toEqual([
      { ...rule, perMinute: 30, burst: 1 },
    ]);
    expect(
      parse({ rateLimits: [{ principals: ['*'], perMinute: 6, burst: 3 }] }).rateLimits,
    ).toEqual([{ principals: ['*'], perMinute: 6, burst: 3 }]);
  });

  it('refuses missing keys, bad principals, numbers out of range and unknown keys', () => {
    expect(
      issuePaths(() =>
        parse({
          rateLimits: [
            { perMinute: 1 },
            { principals: ['alice'], perMinute: 0, burst: 0, tool: ['x'] },
          ],
        }),
      ),
    ).toEqual([
      'mcpMux.rateLimits[0].principals',
      'mcpMux.rateLimits[1].burst',
      'mcpMux.rateLimits[1].perMinute',
      'mcpMux.rateLimits[1].principals[0]',
      'mcpMux.rateLimits[1].tool',
    ]);
    expect(() => parse({ rateLimits: {} })).toThrow(ConfigError);
  });
});

describe('maxResultBytes', () => {
  const server = { command: 'node' };

  it('is absent by default; a server takes the mcpMux value unless it sets its own', () => {
    expect(parse({}, { a: server }).upstreams[0]?.maxResultBytes).toBeUndefined();
    const config = parse(
      { maxResultBytes: 10_000 },
      { a: server, b: { ...server, maxResultBytes: 2048 } },
    );
    expect(config.maxResultBytes).toBe(10_000);
    expect(config.upstreams.map((u) => u.maxResultBytes)).toEqual([10_000, 2048]);
  });

  it('refuses a limit too small for the marker', () => {
    expect(
      issuePaths(() => parse({ maxResultBytes: 100 }, { a: { ...server, maxResultBytes: 1.5 } })),
    ).toEqual(['mcpMux.maxResultBytes', 'mcpServers.a.maxResultBytes']);
  });
});
