/**
 * The supervision keys of the config: defaults, inheritance from `mcpMux` (key by key),
 * validation with paths, and configs without them parsing exactly as before.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../../core/config/config.js';
import {
  KEEPALIVE_DEFAULTS,
  keepalivePolicyOf,
  RESTART_DEFAULTS,
  restartPolicyOf,
} from '../../../core/config/supervisionConfig.js';

const stdio = { command: 'node' };

function issuesOf(value: unknown): string[] {
  try {
    parseConfig(value, { env: {} });
  } catch (error) {
    if (error instanceof ConfigError) return error.issues.map((i) => `${i.path}: ${i.reason}`);
    throw error;
  }
  return [];
}

describe('supervision config', () => {
  it('stores nothing when nothing is written; the policies fill the defaults', () => {
    const config = parseConfig({ mcpServers: { s: stdio } }, { env: {} });
    const [s] = config.upstreams;
    expect(s).not.toHaveProperty('restart');
    expect(s).not.toHaveProperty('keepalive');
    expect(config).not.toHaveProperty('startupTimeoutMs');
    expect(restartPolicyOf(s ?? {})).toEqual(RESTART_DEFAULTS);
    expect(keepalivePolicyOf(s ?? {})).toEqual(KEEPALIVE_DEFAULTS);
  });

  it('merges a server’s keys over mcpMux’s, key by key', () => {
    const config = parseConfig(
      {
        mcpServers: {
          a: stdio,
          b: {
            ...stdio,
            restart: { maxDelayMs: 5000 },
            keepalive: { intervalMs: 0 },
            initializeTimeoutMs: 99,
          },
        },
        mcpMux: {
          restart: { initialDelayMs: 100, jitter: 'decorrelated', maxRestarts: 5 },
          keepalive: { failureThreshold: 2 },
          initializeTimeoutMs: 1000,
          startupTimeoutMs: 0,
          shutdownTimeoutMs: 2500,
          maxSessionBufferBytes: 4096,
        },
      },
      { env: {} },
    );
    const [a, b] = config.upstreams;
    expect(a?.restart).toEqual({ initialDelayMs: 100, jitter: 'decorrelated', maxRestarts: 5 });
    expect(a?.initializeTimeoutMs).toBe(1000);
    expect(b?.restart).toEqual({
      initialDelayMs: 100,
      jitter: 'decorrelated',
      maxRestarts: 5,
      maxDelayMs: 5000,
    });
    expect(keepalivePolicyOf(b ?? {})).toEqual({
      intervalMs: 0,
      timeoutMs: 10_000,
      failureThreshold: 2,
    });
    expect(b?.initializeTimeoutMs).toBe(99);
    expect(config).toMatchObject({
      startupTimeoutMs: 0,
      shutdownTimeoutMs: 2500,
      maxSessionBufferBytes: 4096,
    });
  });

  it('reports every invalid value with its path', () => {
    expect(
      issuesOf({
        mcpServers: {
          s: {
            ...stdio,
            restart: { initialDelayMs: 0, factor: 0.5, jitter: 'random', extra: 1 },
            keepalive: { failureThreshold: 0, timeoutMs: 'x' },
          },
        },
        mcpMux: { maxSessionBufferBytes: 10, shutdownTimeoutMs: -1, restart: [] },
      }),
    ).toEqual([
      'mcpMux.restart: expected an object, got array',
      'mcpMux.shutdownTimeoutMs: expected an integer from 0 to 2147483647, got -1',
      'mcpMux.maxSessionBufferBytes: expected an integer from 1024 to 9007199254740991, got 10',
      'mcpServers.s.restart.extra: unknown key',
      'mcpServers.s.restart.initialDelayMs: expected an integer from 1 to 2147483647, got 0',
      'mcpServers.s.restart.factor: expected a number from 1 to 100, got 0.5',
      'mcpServers.s.restart.jitter: expected one of "full", "decorrelated", "none", got "random"',
      'mcpServers.s.keepalive.timeoutMs: expected an integer, got string',
      'mcpServers.s.keepalive.failureThreshold: expected an integer from 1 to 1000, got 0',
    ]);
  });

  it('checks the delays once the defaults are filled in', () => {
    expect(
      issuesOf({ mcpServers: { s: { ...stdio, restart: { initialDelayMs: 60_000 } } } }),
    ).toEqual(['mcpServers.s.restart: initialDelayMs (60000) must not exceed maxDelayMs (30000)']);
    // Reported once, where it was written.
    expect(
      issuesOf({
        mcpServers: { a: stdio, b: stdio },
        mcpMux: { restart: { maxDelayMs: 100 } },
      }),
    ).toEqual(['mcpMux.restart: initialDelayMs (500) must not exceed maxDelayMs (100)']);
  });
});
