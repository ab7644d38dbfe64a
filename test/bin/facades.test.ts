/** The CLI's listener and token flags. */
import { describe, expect, it } from 'vitest';
import { parseListen, readTokens, UsageError } from '../../bin/facades.js';

describe('parseListen', () => {
  it('reads HOST:PORT, :PORT, PORT and [v6]:PORT, defaulting to 127.0.0.1', () => {
    expect(parseListen('http', '0.0.0.0:8080')).toEqual({
      kind: 'http',
      host: '0.0.0.0',
      port: 8080,
    });
    expect(parseListen('ws', ':0')).toEqual({ kind: 'ws', host: '127.0.0.1', port: 0 });
    expect(parseListen('http-json', '9000')).toEqual({
      kind: 'http-json',
      host: '127.0.0.1',
      port: 9000,
    });
    expect(parseListen('http', '[::1]:80')).toEqual({ kind: 'http', host: '::1', port: 80 });
    expect(parseListen('http', 'localhost:3000').host).toBe('localhost');
  });

  it('rejects what is not a listen address', () => {
    for (const bad of ['', 'localhost', '127.0.0.1:', ':70000', '1:2:3', 'host:port', '::1:80']) {
      expect(() => parseListen('http', bad), bad).toThrow(UsageError);
    }
  });
});

describe('readTokens', () => {
  it('splits on commas and drops blanks', () => {
    expect(readTokens({ T: ' a, b ,,c ' }, 'T', false)).toEqual(['a', 'b', 'c']);
    expect(readTokens({}, 'T', false)).toEqual([]);
  });

  it('fails closed when the variable was named explicitly but is unset or empty', () => {
    expect(() => readTokens({}, 'T', true)).toThrow(UsageError);
    expect(() => readTokens({ T: ' , ' }, 'T', true)).toThrow(/unset or empty/);
  });
});
