import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../../core/config/config.js';

const servers = { a: { command: 'x' }, b: { command: 'y' } };

describe('mcpMux.metrics and mcpMux.readiness', () => {
  it('accepts trackTools and the three readiness forms', () => {
    expect(
      parseConfig({ mcpServers: servers, mcpMux: { metrics: { trackTools: ['search'] } } }).metrics,
    ).toEqual({ trackTools: ['search'] });
    expect(
      parseConfig({ mcpServers: servers, mcpMux: { metrics: { timeEvery: 10 } } }).metrics,
    ).toEqual({ timeEvery: 10 });
    for (const readiness of ['all', 'any', ['a']]) {
      expect(parseConfig({ mcpServers: servers, mcpMux: { readiness } }).readiness).toEqual(
        readiness,
      );
    }
    expect(parseConfig({ mcpServers: servers }).readiness).toBeUndefined();
  });

  it.each([
    [{ readiness: 'some' }, 'mcpMux.readiness'],
    [{ readiness: ['a', 'nope'] }, 'mcpMux.readiness'],
    [{ metrics: { trackTools: 'search' } }, 'mcpMux.metrics.trackTools'],
    [{ metrics: { trackTools: [''] } }, 'mcpMux.metrics.trackTools'],
    [{ metrics: { tools: [] } }, 'mcpMux.metrics.tools'],
    [{ metrics: { timeEvery: 0 } }, 'mcpMux.metrics.timeEvery'],
    [
      { metrics: { trackTools: Array.from({ length: 101 }, (_, i) => `t${i}`) } },
      'mcpMux.metrics.trackTools',
    ],
  ])('rejects %j', (mcpMux, path) => {
    try {
      parseConfig({ mcpServers: servers, mcpMux });
      expect.fail('accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).issues.map((i) => i.path.split('[')[0])).toContain(path);
    }
  });
});
