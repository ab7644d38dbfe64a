/**
 * Naming controls through the real CLI: prefixes (including `""`), allow/deny globs,
 * `maxNameLength` with deterministic shortening, and collisions (the first upstream in config
 * order wins, the loser is not exposed, and it is logged); `mcp-mux inspect` prints the
 * catalog, the collisions and the upstream states, and exits 1 when an upstream is not ready.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exposeName } from '../../core/catalog/naming.js';
import { textOf } from './clientFeatures.js';
import {
  type CliClient,
  cliPath,
  connectCli,
  everything,
  fixture,
  writeConfig,
} from './harness.js';

const MAX = 20;
const namingConfig = (extra: Record<string, unknown> = {}) => ({
  mcpMux: { maxNameLength: MAX },
  mcpServers: {
    a: everything({ tools: { allow: ['echo', 'get-*'], deny: ['get-env', 'get-roots-*'] } }),
    plain: fixture('sessionServer', { prefix: '', tools: { allow: ['increment', 'whoami'] } }),
    shadow: fixture('sessionServer', { prefix: '', tools: { allow: ['whoami', 'sleep'] } }),
    ...extra,
  },
});

interface Inspected {
  code: number | null;
  upstreams: { name: string; state: string; detail: string }[];
  catalog: { kind: string; upstream: string; original: string; exposed: string }[];
  collisions: string[][];
  stderr: string;
}

/** Runs `mcp-mux inspect --config F` and parses its three tab-separated sections. */
function inspect(configFile: string): Promise<Inspected> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliPath, 'inspect', '--config', configFile], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`inspect did not exit; stderr:\n${stderr}`));
    }, 45_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      const [status = '', catalog = '', collisions = ''] = stdout.trimEnd().split('\n\n');
      const rows = (section: string) =>
        section
          .split('\n')
          .slice(1)
          .filter((line) => line !== '')
          .map((line) => line.split('\t'));
      resolve({
        code,
        upstreams: rows(status).map(([name = '', state = '', detail = '']) => ({
          name,
          state,
          detail,
        })),
        catalog: rows(catalog).map(([kind = '', upstream = '', original = '', exposed = '']) => ({
          kind,
          upstream,
          original,
          exposed,
        })),
        collisions: collisions.startsWith('no collisions') ? [] : rows(collisions),
        stderr,
      });
    });
  });
}

describe('naming controls through the CLI', () => {
  let cli: CliClient;
  let names: string[];

  beforeAll(async () => {
    cli = await connectCli(writeConfig(namingConfig()));
    names = (await cli.client.listTools()).tools.map((t) => t.name);
  }, 60_000);

  afterAll(async () => {
    await cli?.close();
  });

  it('applies allow and deny globs to the original names', () => {
    const fromA = names.filter((n) => n.startsWith('a__'));
    expect(fromA).toContain('a__echo');
    expect(fromA).toContain('a__get-sum');
    expect(fromA.some((n) => n.includes('get-env'))).toBe(false);
    expect(fromA.some((n) => n.includes('roots'))).toBe(false);
    expect(fromA.some((n) => n.includes('trigger'))).toBe(false);
  });

  it('exposes names unchanged under prefix "", and the first upstream wins a collision', async () => {
    expect(names).toEqual(expect.arrayContaining(['increment', 'whoami', 'sleep']));
    expect(names.filter((n) => n === 'whoami')).toHaveLength(1);
    // `whoami` reaches `plain` (listed first): the same process that serves `increment`.
    const counter = JSON.parse(textOf(await cli.client.callTool({ name: 'increment' })));
    const who = JSON.parse(textOf(await cli.client.callTool({ name: 'whoami' })));
    expect(who.pid).toBe(counter.pid);
    // `sleep` exists only on `shadow`, a different process.
    const slept = JSON.parse(
      textOf(await cli.client.callTool({ name: 'sleep', arguments: { ms: 1 } })),
    );
    expect(slept).toEqual({ slept: 1 });
  });

  it('shortens long names deterministically within maxNameLength, and routes them', async () => {
    expect(names.every((n) => n.length <= MAX)).toBe(true);
    const short = exposeName('a', 'get-structured-content', { separator: '__', maxLength: MAX });
    expect(short).toMatch(/^a__get-stru_[0-9a-f]{8}$/);
    expect(names).toContain(short);
    const result = await cli.client.callTool({ name: short, arguments: { location: 'Chicago' } });
    expect(result.isError).not.toBe(true);
    expect(textOf(result)).toContain('temperature');
  });

  it('logs the collision on stderr, once, naming winner and loser', () => {
    const lines = cli
      .stderr()
      .split('\n')
      .filter((l) => l.includes('name collision'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('"whoami": plain wins, shadow/whoami is not exposed');
  });
});

describe('mcp-mux inspect', () => {
  it('prints upstream states, the catalog and the collisions, and exits 0', async () => {
    const out = await inspect(writeConfig(namingConfig()));
    expect(out.code).toBe(0);
    expect(out.upstreams.map((u) => [u.name, u.state])).toEqual([
      ['a', 'ready'],
      ['plain', 'ready'],
      ['shadow', 'ready'],
    ]);
    // Counts are what the upstream listed, before filters and collisions.
    expect(out.upstreams[1]?.detail).toMatch(/^\d+ tools, 0 prompts, 0 resources, 0 templates$/);
    const tools = out.catalog.filter((row) => row.kind === 'tools');
    expect(tools).toContainEqual({
      kind: 'tools',
      upstream: 'plain',
      original: 'whoami',
      exposed: 'whoami',
    });
    expect(tools).toContainEqual({
      kind: 'tools',
      upstream: 'a',
      original: 'get-structured-content',
      exposed: exposeName('a', 'get-structured-content', { separator: '__', maxLength: MAX }),
    });
    // The loser is not in the catalog, only in the collisions.
    expect(tools.some((row) => row.upstream === 'shadow' && row.original === 'whoami')).toBe(false);
    expect(out.collisions).toEqual([
      ['tools', 'whoami', 'winner plain/whoami', 'loser shadow/whoami (not exposed)'],
    ]);
  }, 60_000);

  it('shows a failed upstream with its error and exits 1', async () => {
    const out = await inspect(
      writeConfig(
        namingConfig({
          broken: { command: process.execPath, args: ['-e', 'process.exit(3)'] },
        }),
      ),
    );
    expect(out.code).toBe(1);
    const broken = out.upstreams.find((u) => u.name === 'broken');
    expect(broken?.state).not.toBe('ready');
    expect(broken?.detail).not.toMatch(/tools,/);
    expect(out.upstreams.find((u) => u.name === 'a')?.state).toBe('ready');
  }, 60_000);
});
