import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultTokenFile, FileTokenStore } from '../../../../transports/http/oauth/tokenStore.js';

const entry = (token: string) => ({
  issuer: 'https://as',
  resource: 'https://rs/mcp',
  accessToken: token,
});

describe('FileTokenStore', () => {
  it('writes a 0600 file in a new directory, and reads back per server', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'mcp-mux-tokens-')), 'nested', 'tokens.json');
    const store = new FileTokenStore(path);
    expect(await store.load('a')).toBeUndefined();
    await store.save('a', entry('t-a'));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(await new FileTokenStore(path).load('a')).toEqual(entry('t-a'));
    await store.save('a', undefined);
    expect(await store.load('a')).toBeUndefined();
  });

  it('tightens an existing wider file and keeps every entry of concurrent saves', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'mcp-mux-tokens-')), 'tokens.json');
    writeFileSync(path, '{"version":1,"servers":{}}', { mode: 0o644 });
    const store = new FileTokenStore(path);
    await Promise.all(['a', 'b', 'c', 'd'].map((name) => store.save(name, entry(`t-${name}`))));
    expect(Object.keys(JSON.parse(readFileSync(path, 'utf8')).servers).sort()).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(await store.load('__proto__')).toBeUndefined();
  });

  it('defaults under XDG_STATE_HOME', () => {
    expect(defaultTokenFile({ XDG_STATE_HOME: '/s' })).toBe('/s/mcp-mux/tokens.json');
  });
});
