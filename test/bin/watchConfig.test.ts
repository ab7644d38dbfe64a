/**
 * Hot reload triggers (bin/watchConfig.ts) on a real config file in a temp directory: an edit
 * saved by rename (as editors do) reloads once, other files in the directory do not, a bad
 * config is logged and not applied, SIGHUP reloads, close stops everything.
 */
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ConfigWatcher, watchConfig } from '../../bin/watchConfig.js';
import type { RouterConfig } from '../../core/config/config.js';
import { createLogger } from '../../core/log/log.js';

let dir: string;
let file: string;
let watcher: ConfigWatcher | undefined;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mux-watch-'));
  file = join(dir, 'mcp-mux.json');
  await writeFile(file, config('a'));
});

afterEach(async () => {
  watcher?.close();
  watcher = undefined;
  await rm(dir, { recursive: true, force: true });
});

const config = (...servers: string[]) =>
  JSON.stringify({
    mcpServers: Object.fromEntries(servers.map((s) => [s, { command: 'node', args: [s] }])),
  });

function watch(options: { sighup?: boolean; reject?: boolean } = {}) {
  const applied: string[][] = [];
  const lines: string[] = [];
  watcher = watchConfig(file, {
    log: createLogger({ sink: (line) => lines.push(line), level: 'info' }),
    debounceMs: 30,
    ...(options.sighup === undefined ? {} : { sighup: options.sighup }),
    apply: async (next: RouterConfig) => {
      if (options.reject) throw new Error('apply said no');
      applied.push(next.upstreams.map((u) => u.name));
    },
  });
  return { applied, lines, watcher };
}

/** Polls `check` every 20 ms for at most `ms`. */
async function until(check: () => boolean, ms = 3_000): Promise<boolean> {
  for (let waited = 0; waited < ms && !check(); waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}

/** Writes `text` the way editors save: a new file renamed over the old one. */
async function save(text: string): Promise<void> {
  const temp = join(dir, '.mcp-mux.json.swp');
  await writeFile(temp, text);
  await rename(temp, file);
}

describe('watchConfig', () => {
  it('reload() reads the file and applies it', async () => {
    const { applied, lines, watcher } = watch();
    await watcher.reload('test');
    expect(applied).toEqual([['a']]);
    expect(lines.some((l) => l.includes('(test)'))).toBe(true);
  });

  it('reloads once for a save by rename (write, rename: one burst)', async () => {
    const { applied } = watch();
    await save(config('a', 'b'));
    expect(await until(() => applied.length > 0)).toBe(true);
    // Past the debounce, nothing more comes of the same save.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(applied).toEqual([['a', 'b']]);
  });

  it('ignores other files in the directory', async () => {
    const { applied } = watch();
    await writeFile(join(dir, 'notes.txt'), 'unrelated');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(applied).toEqual([]);
  });

  it('keeps the running config when the file does not parse or apply rejects it', async () => {
    const { applied, lines, watcher } = watch();
    await writeFile(file, '{"mcpServers": {"a": {"command": 1}}}');
    await watcher.reload('bad');
    expect(applied).toEqual([]);
    expect(lines.some((l) => l.includes('config reload rejected, the running config stays'))).toBe(
      true,
    );
    watcher.close();
    const rejecting = watch({ reject: true });
    await writeFile(file, config('c'));
    await rejecting.watcher.reload('refused');
    expect(
      rejecting.lines.some((l) =>
        l.includes('config reload failed, the running config stays: apply said no'),
      ),
    ).toBe(true);
  });

  it('reloads on SIGHUP unless told not to, and stops listening on close', async () => {
    const before = process.listenerCount('SIGHUP');
    const { applied, watcher } = watch();
    expect(process.listenerCount('SIGHUP')).toBe(before + 1);
    process.emit('SIGHUP');
    expect(await until(() => applied.length === 1)).toBe(true);
    watcher.close();
    expect(process.listenerCount('SIGHUP')).toBe(before);
    await save(config('z'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(applied).toHaveLength(1);
    const quiet = watch({ sighup: false });
    expect(process.listenerCount('SIGHUP')).toBe(before);
    quiet.watcher.close();
  });
});
