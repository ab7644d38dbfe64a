// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${VAR}` is config syntax under test, not a template.
/**
 * Real client configs load: the example configs copied from clients load
 * unchanged; client-only keys are ignored with one warning; a duplicated server key is named;
 * a likely typo gets "did you mean"; "." in a prefix is warned about.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfigFile, parseConfig } from '../../../core/config/config.js';

const examples = resolve(import.meta.dirname, '../../../examples/clients');
const env = { HOME: '/home/u', GITHUB_TOKEN: 'ghp_x' };

function tempFile(text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'mcp-mux-clients-')), 'config.json');
  writeFileSync(file, text);
  return file;
}

describe('client configs load unchanged', () => {
  it('Claude Desktop: ${VAR} and ${VAR:-default}, globalShortcut ignored', async () => {
    const config = await loadConfigFile(join(examples, 'claude-desktop.json'), { env });
    const [fs, memory, , github] = config.upstreams;
    expect(fs?.args).toEqual([
      '-y',
      '@modelcontextprotocol/server-filesystem',
      '/home/u/Desktop',
      '/home/u/Downloads',
    ]);
    expect(memory?.env).toEqual({ MEMORY_FILE_PATH: '/tmp/memory.json' });
    expect(github?.env).toEqual({ GITHUB_PERSONAL_ACCESS_TOKEN: 'ghp_x' });
    expect(config.warnings).toEqual([
      'ignored 1 key(s) that MCP clients write and mcp-mux does not use: globalShortcut',
    ]);
  });

  it('Cline: autoApprove, alwaysAllow, disabledTools and timeout ignored with one warning', async () => {
    const config = await loadConfigFile(join(examples, 'cline.json'), { env: {} });
    expect(config.upstreams.map((u) => [u.name, u.transport, u.disabled])).toEqual([
      ['fetch', 'stdio', false],
      ['time', 'stdio', false],
      ['remote', 'streamable-http', true],
    ]);
    expect(config.upstreams[1]?.args).toEqual(['mcp-server-time', '--local-timezone=UTC']);
    expect(config.warnings).toHaveLength(1);
    expect(config.warnings?.[0]).toBe(
      'ignored 4 key(s) that MCP clients write and mcp-mux does not use: mcpServers.fetch.autoApprove, mcpServers.fetch.timeout, mcpServers.time.alwaysAllow, mcpServers.time.disabledTools',
    );
  });

  it('Cursor: url servers, Streamable HTTP inferred, type sse', async () => {
    const config = await loadConfigFile(join(examples, 'cursor.json'), { env: {} });
    expect(config.upstreams.map((u) => u.transport)).toEqual(['stdio', 'streamable-http', 'sse']);
    expect(config.warnings).toBeUndefined();
  });
});

describe('what a hand-edited config gets', () => {
  it('names a server key written twice (JSON keeps the last)', async () => {
    const file = tempFile(
      '{ "mcpServers": { "a": { "command": "x" }, "b": { "command": "y" }, "a": { "command": "z" } } }',
    );
    const config = await loadConfigFile(file, { env: {} });
    expect(config.upstreams.map((u) => [u.name, u.command])).toEqual([
      ['a', 'z'],
      ['b', 'y'],
    ]);
    expect(config.warnings).toEqual([
      `duplicate key mcpServers.a in ${file}: only its last value is used`,
    ]);
  });

  it('suggests the known key for a likely typo, and refuses the file', () => {
    let error: unknown;
    try {
      parseConfig({
        mcpServers: { a: { command: 'x', timeoutMS: 5, sessionmode: 'shared', zzz: 1 } },
        mcpMux: { separtor: '__' },
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const reasons = (error as ConfigError).issues.map((i) => `${i.path}: ${i.reason}`);
    expect(reasons).toEqual([
      'mcpMux.separtor: unknown key (did you mean "separator"?)',
      'mcpServers.a.timeoutMS: unknown key (did you mean "timeoutMs"?)',
      'mcpServers.a.sessionmode: unknown key (did you mean "sessionMode"?)',
      'mcpServers.a.zzz: unknown key',
    ]);
  });

  it('warns about "." in a name prefix (model APIs refuse it in tool names)', () => {
    const config = parseConfig({
      mcpServers: { 'my.server': { command: 'x' }, b: { command: 'y', prefix: 'b.v2' } },
    });
    expect(config.warnings).toEqual([
      'mcpServers["my.server"]: "." in the name prefix "my.server": several model APIs accept only [A-Za-z0-9_-] in tool names; set "prefix" without it',
      'mcpServers.b.prefix: "." in the name prefix "b.v2": several model APIs accept only [A-Za-z0-9_-] in tool names; set "prefix" without it',
    ]);
  });
});
