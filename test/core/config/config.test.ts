// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${env:NAME}` is config syntax under test, not a template.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfigFile, parseConfig } from '../../../core/config/config.js';
import { LocalError } from '../../../core/errors/errors.js';

/** The issues `parseConfig` reports for `value`, as `path: reason` lines. */
function issuesOf(value: unknown, env: Record<string, string> = {}): string[] {
  try {
    parseConfig(value, { env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).issues.map((issue) => `${issue.path}: ${issue.reason}`);
  }
  throw new Error('expected a ConfigError');
}

const stdio = { command: 'node', args: ['server.js'] };

describe('parseConfig: a valid config', () => {
  const full = {
    mcpServers: {
      a: {
        command: 'node',
        args: ['x.js'],
        env: { K: 'V' },
        inheritEnv: true,
        cwd: 'work',
        prefix: 'alpha',
        sessionMode: 'isolated',
        concurrency: 4,
        maxQueue: 8,
        timeoutMs: 1000,
        maxTotalTimeoutMs: 5000,
        tools: { allow: ['*'], deny: ['danger*'] },
        prompts: { allow: [], deny: [] },
        disabled: false,
      },
      b: {
        url: 'http://127.0.0.1:3000/mcp',
        transport: 'streamable-http',
        headers: { Authorization: 'Bearer ${env:TOKEN}' },
      },
    },
    mcpMux: {
      separator: '.',
      maxNameLength: 64,
      pageSize: 50,
      logLevel: 'debug',
      timeoutMs: 30_000,
      maxTotalTimeoutMs: 600_000,
      concurrency: 2,
      maxQueue: 10,
      maxConnections: 500,
    },
  };

  it('reads every field, in file order', () => {
    const config = parseConfig(full, { baseDir: '/etc/mux', env: { TOKEN: 't0k' } });
    expect(config).toEqual({
      upstreams: [
        {
          name: 'a',
          transport: 'stdio',
          command: 'node',
          args: ['x.js'],
          env: { K: 'V' },
          inheritEnv: true,
          cwd: '/etc/mux/work',
          headers: {},
          prefix: 'alpha',
          sessionMode: 'isolated',
          concurrency: 4,
          maxQueue: 8,
          timeoutMs: 1000,
          maxTotalTimeoutMs: 5000,
          tools: { allow: ['*'], deny: ['danger*'] },
          prompts: { allow: [], deny: [] },
          disabled: false,
          roots: [],
        },
        {
          name: 'b',
          transport: 'streamable-http',
          url: 'http://127.0.0.1:3000/mcp',
          args: [],
          env: {},
          inheritEnv: false,
          headers: { Authorization: 'Bearer t0k' },
          prefix: 'b',
          sessionMode: 'shared',
          concurrency: 2,
          maxQueue: 10,
          timeoutMs: 30_000,
          maxTotalTimeoutMs: 600_000,
          tools: {},
          prompts: {},
          disabled: false,
          roots: [],
        },
      ],
      separator: '.',
      maxNameLength: 64,
      pageSize: 50,
      logLevel: 'debug',
      timeoutMs: 30_000,
      maxTotalTimeoutMs: 600_000,
      concurrency: 2,
      maxQueue: 10,
      inheritEnv: false,
      maxConnections: 500,
    });
  });

  it('fills defaults', () => {
    const config = parseConfig({ mcpServers: { s: stdio } }, { env: {} });
    expect(config).toMatchObject({
      separator: '__',
      pageSize: 100,
      logLevel: 'info',
      timeoutMs: 60_000,
      concurrency: 16,
      maxQueue: 256,
      inheritEnv: false,
    });
    expect(config).not.toHaveProperty('maxTotalTimeoutMs');
    expect(config).not.toHaveProperty('maxConnections');
    expect(config).not.toHaveProperty('maxNameLength');
    const [s] = config.upstreams;
    expect(s).toEqual({
      name: 's',
      transport: 'stdio',
      command: 'node',
      args: ['server.js'],
      env: {},
      inheritEnv: false,
      headers: {},
      prefix: 's',
      sessionMode: 'shared',
      concurrency: 16,
      maxQueue: 256,
      timeoutMs: 60_000,
      tools: {},
      prompts: {},
      disabled: false,
      roots: [],
    });
  });

  it('accepts an empty server list, $schema, and an empty prefix', () => {
    expect(parseConfig({ mcpServers: {}, $schema: 'x' }, { env: {} }).upstreams).toEqual([]);
    const config = parseConfig({ mcpServers: { 'odd name!': { ...stdio, prefix: '' } } });
    expect(config.upstreams[0]?.prefix).toBe('');
  });

  it('keeps an absolute cwd and a relative one without baseDir as written', () => {
    const config = parseConfig({
      mcpServers: { a: { ...stdio, cwd: '/abs' }, b: { ...stdio, cwd: 'rel' } },
    });
    expect(config.upstreams.map((u) => u.cwd)).toEqual(['/abs', 'rel']);
  });
});

describe('parseConfig: transports', () => {
  const transportOf = (server: Record<string, unknown>) =>
    parseConfig({ mcpServers: { s: server } }, { env: {} }).upstreams[0]?.transport;

  it('infers stdio, streamable-http and ws', () => {
    expect(transportOf(stdio)).toBe('stdio');
    expect(transportOf({ url: 'https://example.com/mcp' })).toBe('streamable-http');
    expect(transportOf({ url: 'wss://example.com/mcp' })).toBe('ws');
  });

  it('accepts the type alias, with "http" meaning streamable-http', () => {
    expect(transportOf({ type: 'http', url: 'http://h/mcp' })).toBe('streamable-http');
    expect(transportOf({ type: 'sse', url: 'http://h/sse' })).toBe('sse');
    expect(transportOf({ type: 'stdio', ...stdio })).toBe('stdio');
    expect(transportOf({ type: 'ws', url: 'ws://h/' })).toBe('ws');
    expect(transportOf({ type: 'sse', transport: 'sse', url: 'http://h/sse' })).toBe('sse');
  });

  it('reports transports that do not fit', () => {
    expect(
      issuesOf({ mcpServers: { s: { type: 'sse', transport: 'ws', url: 'ws://h' } } }),
    ).toEqual(['mcpServers.s.type: conflicts with "transport" (sse vs ws)']);
    expect(issuesOf({ mcpServers: { s: { type: 'stdio', url: 'http://h' } } })).toEqual([
      'mcpServers.s.type: stdio needs "command", not "url"',
    ]);
    expect(issuesOf({ mcpServers: { s: { transport: 'sse', command: 'x' } } })).toEqual([
      'mcpServers.s.transport: sse needs "url", not "command"',
    ]);
    expect(issuesOf({ mcpServers: { s: { transport: 'ws', url: 'http://h' } } })).toEqual([
      'mcpServers.s.url: transport ws needs a ws:// or wss:// URL, got http://',
    ]);
    expect(issuesOf({ mcpServers: { s: { url: 'not a url' } } })).toEqual([
      'mcpServers.s.url: expected an absolute URL, got "not a url"',
    ]);
    expect(issuesOf({ mcpServers: { s: { transport: 'pipe', command: 'x' } } })).toEqual([
      'mcpServers.s.transport: expected one of "stdio", "streamable-http", "http", "sse", "ws", got "pipe"',
    ]);
  });

  it('requires exactly one of command and url', () => {
    expect(issuesOf({ mcpServers: { s: { command: 'x', url: 'http://h' } } })).toEqual([
      'mcpServers.s: give exactly one of "command" or "url", not both',
    ]);
    expect(issuesOf({ mcpServers: { s: {} } })).toEqual([
      'mcpServers.s: missing "command" or "url" (exactly one is required)',
    ]);
  });

  it('rejects keys of the other kind of server', () => {
    expect(
      issuesOf({ mcpServers: { s: { url: 'http://h', args: [], env: {}, cwd: '/' } } }),
    ).toEqual([
      'mcpServers.s.args: only valid with "command" (stdio), not with transport streamable-http',
      'mcpServers.s.env: only valid with "command" (stdio), not with transport streamable-http',
      'mcpServers.s.cwd: only valid with "command" (stdio), not with transport streamable-http',
    ]);
    expect(issuesOf({ mcpServers: { s: { ...stdio, headers: {} } } })).toEqual([
      'mcpServers.s.headers: only valid with "url", not with "command"',
    ]);
  });
});

describe('parseConfig: bad input is reported with its path', () => {
  it.each([
    [
      { mcpServers: { a: { command: 'node', args: ['x', 1] } } },
      'mcpServers.a.args[1]: expected a string, got number',
    ],
    [{ mcpServers: { a: { ...stdio, foo: 1 } } }, 'mcpServers.a.foo: unknown key'],
    [
      { mcpServers: { a: { ...stdio, env: { K: 2 } } } },
      'mcpServers.a.env.K: expected a string, got number',
    ],
    [
      { mcpServers: { a: { ...stdio, args: 'x' } } },
      'mcpServers.a.args: expected an array, got string',
    ],
    [
      { mcpServers: { a: { command: '' } } },
      'mcpServers.a.command: expected a non-empty string, got ""',
    ],
    [
      { mcpServers: { a: { ...stdio, concurrency: 0 } } },
      'mcpServers.a.concurrency: expected an integer from 1 to 2147483647, got 0',
    ],
    [
      { mcpServers: { a: { ...stdio, maxQueue: -1 } } },
      'mcpServers.a.maxQueue: expected an integer from 0 to 2147483647, got -1',
    ],
    [
      { mcpServers: { a: { ...stdio, timeoutMs: 1.5 } } },
      'mcpServers.a.timeoutMs: expected an integer, got 1.5',
    ],
    [
      { mcpServers: { a: { ...stdio, timeoutMs: '5s' } } },
      'mcpServers.a.timeoutMs: expected an integer, got string',
    ],
    [
      { mcpServers: { a: { ...stdio, disabled: 'yes' } } },
      'mcpServers.a.disabled: expected a boolean, got string',
    ],
    [
      { mcpServers: { a: { ...stdio, sessionMode: 'per-user' } } },
      'mcpServers.a.sessionMode: expected one of "shared", "isolated", got "per-user"',
    ],
    [
      { mcpServers: { a: { ...stdio, prefix: 'has space' } } },
      'mcpServers.a.prefix: expected 0–64 characters of [A-Za-z0-9_.-], got "has space"',
    ],
    [
      { mcpServers: { a: { ...stdio, tools: { allow: ['ok', ''] } } } },
      'mcpServers.a.tools.allow[1]: expected a non-empty string',
    ],
    [
      { mcpServers: { a: { ...stdio, tools: { only: [] } } } },
      'mcpServers.a.tools.only: unknown key',
    ],
    [
      { mcpServers: { a: { ...stdio, prompts: [] } } },
      'mcpServers.a.prompts: expected an object, got array',
    ],
    [{ mcpServers: { a: null } }, 'mcpServers.a: expected an object, got null'],
    [{ mcpServers: [] }, 'mcpServers: expected an object, got array'],
    [{}, 'mcpServers: required (an object of servers, possibly empty)'],
    [[], ': expected an object, got array'],
    [{ mcpServers: {}, extra: true }, 'extra: unknown key'],
    [
      { mcpServers: {}, mcpMux: { separator: '/' } },
      'mcpMux.separator: expected 1–8 characters of [A-Za-z0-9_.-], got "/"',
    ],
    [
      { mcpServers: {}, mcpMux: { maxNameLength: 8 } },
      'mcpMux.maxNameLength: expected an integer from 16 to 128, got 8',
    ],
    [
      { mcpServers: {}, mcpMux: { pageSize: 0 } },
      'mcpMux.pageSize: expected an integer from 1 to 10000, got 0',
    ],
    [
      { mcpServers: {}, mcpMux: { logLevel: 'trace' } },
      'mcpMux.logLevel: expected one of "debug", "info", "warn", "error", got "trace"',
    ],
    [{ mcpServers: {}, mcpMux: { port: 1 } }, 'mcpMux.port: unknown key'],
    [
      { mcpServers: { 'my server': stdio } },
      'mcpServers["my server"]: the server name is not a valid name prefix (1–64 characters of [A-Za-z0-9_.-]); rename it or set "prefix"',
    ],
  ])('%j', (value, expected) => {
    expect(issuesOf(value)).toEqual([expected]);
  });

  it('reports every issue at once, and lists them one per line in the message', () => {
    const value = {
      mcpServers: {
        a: { command: 'node', args: ['x', 1], foo: true, concurrency: -2 },
        b: { url: 'ftp://h', headers: { X: '${env:NOPE}' } },
      },
      mcpMux: { pageSize: 'many' },
    };
    let error: unknown;
    try {
      parseConfig(value, { env: {} });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(error).toBeInstanceOf(LocalError);
    const configError = error as ConfigError;
    expect(configError.code).toBe('config');
    expect(configError.issues.map((i) => i.path)).toEqual([
      'mcpMux.pageSize',
      'mcpServers.a.foo',
      'mcpServers.a.concurrency',
      'mcpServers.a.args[1]',
      'mcpServers.b.url',
      'mcpServers.b.headers.X',
    ]);
    const lines = configError.message.split('\n');
    expect(lines[0]).toBe('invalid mcp-mux config (6 issues):');
    expect(lines).toContain('  mcpServers.a.foo: unknown key');
    expect(lines).toHaveLength(7);
  });
});

describe('parseConfig: era bridging keys', () => {
  it('reads requestStateKey, inputRequiredTtlMs and maxHeldRoundsPerPrincipal', () => {
    const key = 'x'.repeat(40);
    const config = parseConfig({
      mcpServers: {},
      mcpMux: { requestStateKey: key, inputRequiredTtlMs: 5_000, maxHeldRoundsPerPrincipal: 7 },
    });
    expect(config).toMatchObject({
      requestStateKey: key,
      inputRequiredTtlMs: 5_000,
      maxHeldRoundsPerPrincipal: 7,
    });
  });

  it('rejects a short key without repeating it, and out-of-range limits', () => {
    const issues = issuesOf({
      mcpServers: {},
      mcpMux: {
        requestStateKey: 'short-secret',
        inputRequiredTtlMs: 10,
        maxHeldRoundsPerPrincipal: 0,
      },
    });
    expect(issues).toHaveLength(3);
    expect(issues[0]).toBe(
      'mcpMux.requestStateKey: expected a random secret of at least 32 characters',
    );
    expect(issues.join('\n')).not.toContain('short-secret');
    expect(issues[1]).toMatch(/^mcpMux\.inputRequiredTtlMs: /);
    expect(issues[2]).toMatch(/^mcpMux\.maxHeldRoundsPerPrincipal: /);
  });
});

describe('parseConfig: capabilityAwareTools', () => {
  it('reads mark, hide or off; absent stays absent (mark); anything else is refused', () => {
    const of = (capabilityAwareTools: unknown) =>
      parseConfig({ mcpServers: {}, mcpMux: { capabilityAwareTools } });
    expect(of('hide').capabilityAwareTools).toBe('hide');
    expect(of('off').capabilityAwareTools).toBe('off');
    expect(parseConfig({ mcpServers: {} }).capabilityAwareTools).toBeUndefined();
    const issues = issuesOf({ mcpServers: {}, mcpMux: { capabilityAwareTools: 'drop' } });
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatch(/^mcpMux\.capabilityAwareTools: /);
  });
});

describe('parseConfig: trustProxy', () => {
  it('reads true, false or a list of IP addresses; absent stays absent', () => {
    const of = (trustProxy: unknown) => parseConfig({ mcpServers: {}, mcpMux: { trustProxy } });
    expect(of(true).trustProxy).toBe(true);
    expect(of(false).trustProxy).toBe(false);
    expect(of(['127.0.0.1', '::1']).trustProxy).toEqual(['127.0.0.1', '::1']);
    expect(parseConfig({ mcpServers: {} })).not.toHaveProperty('trustProxy');
  });

  it('rejects other values and entries that are not IP addresses', () => {
    expect(issuesOf({ mcpServers: {}, mcpMux: { trustProxy: 'yes' } })).toEqual([
      'mcpMux.trustProxy: expected true, false or a list of IP addresses',
    ]);
    expect(
      issuesOf({ mcpServers: {}, mcpMux: { trustProxy: ['10.0.0.1', '10.0.0.0/8'] } }),
    ).toEqual(['mcpMux.trustProxy[1]: expected an IP address, got "10.0.0.0/8"']);
  });
});

describe('parseConfig: subscriptions/listen bounds', () => {
  it('reads maxListenUris and maxListensPerPrincipal, absent by default', () => {
    const config = parseConfig({
      mcpServers: {},
      mcpMux: { maxListenUris: 50, maxListensPerPrincipal: 3 },
    });
    expect(config).toMatchObject({ maxListenUris: 50, maxListensPerPrincipal: 3 });
    const plain = parseConfig({ mcpServers: {} });
    expect([plain.maxListenUris, plain.maxListensPerPrincipal]).toEqual([undefined, undefined]);
  });

  it('rejects limits below 1 or not integers, naming the key', () => {
    const issues = issuesOf({
      mcpServers: {},
      mcpMux: { maxListenUris: 0, maxListensPerPrincipal: 1.5 },
    });
    expect(issues).toHaveLength(2);
    expect(issues[0]).toMatch(/^mcpMux\.maxListenUris: /);
    expect(issues[1]).toMatch(/^mcpMux\.maxListensPerPrincipal: /);
  });
});

describe('parseConfig: ${env:NAME}, ${NAME}, ${NAME:-default}', () => {
  it('expands in headers and env, leaving other text alone', () => {
    const config = parseConfig(
      {
        mcpServers: {
          a: { ...stdio, env: { A: '${env:X}-${env:Y}', B: '$X ${X} ${env:EMPTY}' } },
          b: { url: 'http://h', headers: { Authorization: 'Bearer ${env:X}' } },
        },
      },
      { env: { X: 'one', Y: 'two', EMPTY: '' } },
    );
    expect(config.upstreams[0]?.env).toEqual({ A: 'one-two', B: '$X one ' });
    expect(config.upstreams[1]?.headers).toEqual({ Authorization: 'Bearer one' });
  });

  it('expands in command, args and url too, like Claude-Desktop-style configs', () => {
    const config = parseConfig(
      {
        mcpServers: {
          a: { command: '${BIN:-npx}', args: ['${env:X}', '--root=${HOME_DIR:-/srv}', '${X}'] },
          b: { url: 'https://${HOST}/mcp', headers: { A: '${TOKEN:-none}' } },
        },
      },
      { env: { X: '1', HOST: 'example.com', TOKEN: '' } },
    );
    expect(config.upstreams[0]?.command).toBe('npx');
    expect(config.upstreams[0]?.args).toEqual(['1', '--root=/srv', '1']);
    expect(config.upstreams[1]?.url).toBe('https://example.com/mcp');
    // A default applies when the variable is unset or empty, as in the shell.
    expect(config.upstreams[1]?.headers).toEqual({ A: 'none' });
  });

  it('names a missing variable without a default where it is used', () => {
    expect(issuesOf({ mcpServers: { a: { command: 'x', args: ['${NOPE}'] } } })).toEqual([
      'mcpServers.a.args[0]: environment variable NOPE is not set',
    ]);
  });

  it('names a missing variable and a malformed reference', () => {
    expect(
      issuesOf({ mcpServers: { a: { ...stdio, env: { K: '${env:MISSING}', L: '${env:1bad}' } } } }),
    ).toEqual([
      'mcpServers.a.env.K: environment variable MISSING is not set',
      'mcpServers.a.env.L: invalid environment variable reference "${env:1bad}"',
    ]);
  });

  it('never substitutes Object.prototype members (${env:constructor})', () => {
    expect(
      issuesOf({
        mcpServers: { a: { ...stdio, env: { K: '${env:constructor}', L: '${env:toString}' } } },
      }),
    ).toEqual([
      'mcpServers.a.env.K: environment variable constructor is not set',
      'mcpServers.a.env.L: environment variable toString is not set',
    ]);
  });

  it('does not fail a disabled server on a missing variable', () => {
    const config = parseConfig(
      { mcpServers: { a: { url: 'http://h', headers: { A: '${env:MISSING}' }, disabled: true } } },
      { env: {} },
    );
    expect(config.upstreams[0]).toMatchObject({ disabled: true, headers: { A: '${env:MISSING}' } });
  });
});

describe('loadConfigFile', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mcp-mux-config-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('loads a file and resolves cwd against its directory', async () => {
    const file = join(dir, 'ok.json');
    await writeFile(
      file,
      `\uFEFF${JSON.stringify({ mcpServers: { a: { ...stdio, cwd: './srv' } } })}`,
    );
    const config = await loadConfigFile(file, { env: {} });
    expect(config.upstreams[0]?.cwd).toBe(join(dir, 'srv'));
  });

  it('reports a JSON syntax error with the file, line and column', async () => {
    const file = join(dir, 'bad.json');
    await writeFile(file, '{\n  "mcpServers": {,\n}');
    const error = await loadConfigFile(file).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigError);
    const configError = error as ConfigError;
    expect(configError.file).toBe(file);
    expect(configError.issues).toHaveLength(1);
    expect(configError.issues[0]?.path).toBe(`${file}:2:18`);
    expect(configError.issues[0]?.reason).toMatch(/^invalid JSON: /);
    expect(configError.message).toContain(file);
  });

  it('reports truncated JSON at its end', async () => {
    const file = join(dir, 'truncated.json');
    await writeFile(file, '{\n  "mcpServers": {');
    const error = (await loadConfigFile(file).catch((caught: unknown) => caught)) as ConfigError;
    expect(error.issues[0]?.path).toBe(`${file}:2:18`);
  });

  it('reports a missing file', async () => {
    const file = join(dir, 'missing.json');
    const error = (await loadConfigFile(file).catch((caught: unknown) => caught)) as ConfigError;
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.issues[0]?.path).toBe(file);
    expect(error.issues[0]?.reason).toMatch(/^cannot read the config file: .*ENOENT/);
  });

  it('names the file for config issues', async () => {
    const file = join(dir, 'issues.json');
    await writeFile(file, JSON.stringify({ mcpServers: { a: { command: 1 } } }));
    const error = (await loadConfigFile(file).catch((caught: unknown) => caught)) as ConfigError;
    expect(error.issues).toEqual([
      { path: 'mcpServers.a.command', reason: 'expected a string, got number' },
    ]);
    expect(error.message.split('\n')[0]).toBe(`invalid mcp-mux config ${file} (1 issue):`);
  });
});
