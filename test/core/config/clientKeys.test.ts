/** Keys MCP clients write, and "did you mean" for the rest (core/config/clientKeys.ts). */
import { describe, expect, it } from 'vitest';
import {
  CLIENT_SERVER_KEYS,
  CLIENT_TOP_KEYS,
  didYouMean,
} from '../../../core/config/clientKeys.js';

const KNOWN = ['command', 'args', 'env', 'url', 'headers', 'transport', 'prefix'];

describe('didYouMean', () => {
  it('suggests the closest known key for a likely typo, ignoring case', () => {
    expect(didYouMean('comand', KNOWN)).toBe('command');
    expect(didYouMean('Headres', KNOWN)).toBe('headers');
    expect(didYouMean('ARGS', KNOWN)).toBe('args');
    expect(didYouMean('trasnport', KNOWN)).toBe('transport');
  });

  it('allows more edits for longer keys (a third of the length, 1 to 3)', () => {
    expect(didYouMean('ur', KNOWN)).toBe('url'); // short key: one edit
    expect(didYouMean('u', ['url'])).toBeUndefined(); // two edits from a one-letter key
    expect(didYouMean('trnsprt', KNOWN)).toBe('transport'); // 7 letters: two edits
    expect(didYouMean('xyzxyzxyz', KNOWN)).toBeUndefined();
  });

  it('suggests nothing when nothing is close or nothing is known', () => {
    expect(didYouMean('timeoutMs', KNOWN)).toBeUndefined();
    expect(didYouMean('command', [])).toBeUndefined();
  });

  it('keeps the first of equally close keys (the order given)', () => {
    expect(didYouMean('ab', ['aa', 'bb'])).toBe('aa');
    expect(didYouMean('ab', ['bb', 'aa'])).toBe('bb');
  });
});

describe('client keys', () => {
  it('covers what Claude Desktop, Cline and Codex write, and never a key mcp-mux reads', () => {
    for (const key of ['autoApprove', 'alwaysAllow', 'disabledTools', 'startup_timeout_ms']) {
      expect(CLIENT_SERVER_KEYS.has(key)).toBe(true);
    }
    expect(CLIENT_TOP_KEYS.has('globalShortcut')).toBe(true);
    for (const key of KNOWN) expect(CLIENT_SERVER_KEYS.has(key)).toBe(false);
    expect(CLIENT_TOP_KEYS.has('mcpServers')).toBe(false);
  });
});
