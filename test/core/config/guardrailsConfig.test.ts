import { describe, expect, it } from 'vitest';
import { type ConfigError, parseConfig } from '../../../core/config/index.js';

const parse = (mcpMux: unknown, server: Record<string, unknown> = {}) =>
  parseConfig({ mcpServers: { fs: { command: 'fs', ...server } }, mcpMux });

describe('approval and audit keys', () => {
  it('reads mcpMux.approve*, a server approve list and mcpMux.audit (with its defaults)', () => {
    const config = parse(
      {
        approve: ['*__delete_*'],
        approveDestructive: true,
        approveFallback: 'allow',
        approveRemember: 'session',
        approveRedact: ['*password*'],
        audit: { file: '/var/log/audit.jsonl' },
      },
      { approve: ['write_*'] },
    );
    expect(config.approve).toEqual(['*__delete_*']);
    expect(config.approveDestructive).toBe(true);
    expect(config.approveFallback).toBe('allow');
    expect(config.approveRemember).toBe('session');
    expect(config.approveRedact).toEqual(['*password*']);
    expect(config.audit).toEqual({
      file: '/var/log/audit.jsonl',
      methods: ['tools/call'],
      arguments: 'digest',
    });
    expect(config.upstreams[0]?.approve).toEqual(['write_*']);
    const plain = parse(undefined);
    expect(plain.approve).toBeUndefined();
    expect(plain.audit).toBeUndefined();
    expect(plain.upstreams[0]?.approve).toBeUndefined();
  });

  it('refuses wrong values, each with its path', () => {
    try {
      parse(
        {
          approve: 'x',
          approveFallback: 'maybe',
          approveRemember: 'forever',
          audit: { methods: [], arguments: 'all', rotate: true },
        },
        { approve: [''] },
      );
      expect.unreachable();
    } catch (error) {
      const paths = (error as ConfigError).issues.map((issue) => issue.path).sort();
      expect(paths).toEqual([
        'mcpMux.approve',
        'mcpMux.approveFallback',
        'mcpMux.approveRemember',
        'mcpMux.audit.arguments',
        'mcpMux.audit.file',
        'mcpMux.audit.rotate',
        'mcpServers.fs.approve[0]',
      ]);
    }
  });
});
