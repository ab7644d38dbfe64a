import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../../core/config/config.js';

const servers = { a: { command: 'x' } };
const KEY = 'c'.repeat(32);
const base = { instanceId: 'mux-a', advertiseUrl: 'http://10.0.0.5:8080/' };

const parse = (cluster: unknown, env: Record<string, string> = {}) =>
  parseConfig({ mcpServers: servers, mcpMux: { cluster } }, { env }).cluster;

const issueOf = (cluster: unknown, env: Record<string, string> = {}): string => {
  try {
    parse(cluster, env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return '';
};

describe('mcpMux.cluster', () => {
  it('is absent unless configured: one process, no Redis', () => {
    expect(
      parseConfig({ mcpServers: servers }, { env: { MCP_MUX_REDIS_URL: 'redis://x' } }).cluster,
    ).toBeUndefined();
  });

  it('takes peers or redis, and the key and Redis URL from the environment', () => {
    expect(parse({ ...base, key: KEY, peers: ['http://10.0.0.6:8080/'] })).toEqual({
      instanceId: 'mux-a',
      advertiseUrl: 'http://10.0.0.5:8080',
      key: KEY,
      peers: ['http://10.0.0.6:8080'],
    });
    expect(
      parse(base, { MCP_MUX_CLUSTER_KEY: KEY, MCP_MUX_REDIS_URL: 'redis://127.0.0.1:6379' }),
    ).toEqual({
      instanceId: 'mux-a',
      advertiseUrl: 'http://10.0.0.5:8080',
      key: KEY,
      redis: 'redis://127.0.0.1:6379',
    });
  });

  it.each([
    [{ ...base }, 'mcpMux.cluster.key: required (or set MCP_MUX_CLUSTER_KEY)'],
    [{ ...base, key: 'short' }, 'mcpMux.cluster.key: expected a random secret'],
    [{ advertiseUrl: base.advertiseUrl, key: KEY }, 'mcpMux.cluster.instanceId: required'],
    [{ ...base, instanceId: 'a.b', key: KEY }, 'mcpMux.cluster.instanceId: expected 1–64'],
    [
      { ...base, advertiseUrl: 'ftp://x', key: KEY },
      'mcpMux.cluster.advertiseUrl: expected a http: or https: URL',
    ],
    [
      { ...base, key: KEY, redis: 'http://x' },
      'mcpMux.cluster.redis: expected a redis: or rediss: URL',
    ],
    [{ ...base, key: KEY, peers: ['nope'] }, 'mcpMux.cluster.peers[0]'],
    [{ ...base, key: KEY, peer: [] }, 'mcpMux.cluster.peer'],
  ])('refuses %j with a clear issue', (cluster, expected) => {
    expect(issueOf(cluster)).toContain(expected);
  });

  it('never repeats the key in an issue', () => {
    expect(issueOf({ ...base, key: 'secret-but-short' })).not.toContain('secret-but-short');
  });
});
