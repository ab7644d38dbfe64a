/** The per-server `protocol` key (core/config/protocolConfig.ts). */
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../../core/config/config.js';

const server = (extra: Record<string, unknown>) =>
  parseConfig({ mcpServers: { s: { command: 'x', ...extra } } }).upstreams[0];

describe('the protocol key', () => {
  it('is absent by default (auto) and takes the three values', () => {
    expect(server({})?.protocol).toBeUndefined();
    for (const protocol of ['auto', '2026-07-28', 'legacy']) {
      expect(server({ protocol })?.protocol).toBe(protocol);
    }
  });

  it('refuses anything else, naming the path and the choices', () => {
    expect(() => server({ protocol: '2025-11-25' })).toThrow(ConfigError);
    expect(() => server({ protocol: '2025-11-25' })).toThrow(
      /mcpServers\.s\.protocol.*"auto", "2026-07-28", "legacy"/,
    );
  });
});
