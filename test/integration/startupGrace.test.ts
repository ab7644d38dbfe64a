/**
 * Start-up grace through the real CLI: an upstream that never answers
 * `initialize` does not hold a client's `initialize` for `startupTimeoutMs`; the client is
 * answered after `mcpMux.initializeGraceMs` with the ready upstreams, a late upstream is
 * announced with `notifications/tools/list_changed`, and stderr names who is still starting.
 */
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from './clientFeatures.js';
import {
  type CliClient,
  connectCli,
  everything,
  fixture,
  fixturePath,
  writeConfig,
} from './harness.js';

const GRACE_MS = 1_000;
const LATE_MS = 3_000;

describe('start-up grace (stdio CLI)', () => {
  let cli: CliClient;
  let initializeMs: number;

  beforeAll(async () => {
    const late = pathToFileURL(fixturePath('recordingServer')).href;
    const config = writeConfig({
      mcpServers: {
        stuck: fixture('silentServer'),
        e: everything(),
        // Starts answering LATE_MS after it is spawned.
        late: {
          command: process.execPath,
          args: ['-e', `setTimeout(() => import(${JSON.stringify(late)}), ${LATE_MS})`],
        },
      },
      mcpMux: { initializeGraceMs: GRACE_MS, startupTimeoutMs: 60_000 },
    });
    const started = Date.now();
    cli = await connectCli(config);
    initializeMs = Date.now() - started;
  }, 60_000);

  afterAll(async () => {
    await cli?.close();
  });

  it('answers initialize after the grace, not after startupTimeoutMs', () => {
    // Spawning node and everything takes a while on a loaded machine: a wide margin, far
    // below the 60 s start-up timeout the stuck upstream would otherwise cost.
    expect(initializeMs).toBeLessThan(GRACE_MS + 15_000);
    const init = cli.wire[0] as { result?: { capabilities?: Record<string, unknown> } };
    // Answered while some upstreams are unknown: prompts and resources may still come.
    expect(init.result?.capabilities).toMatchObject({
      tools: { listChanged: true },
      prompts: { listChanged: true },
      resources: { listChanged: true },
    });
  });

  it('names who is still starting on stderr, and never lists the stuck upstream', async () => {
    expect(cli.stderr()).toMatch(/still starting after [\d.]+s: .*stuck/);
    // `e` may itself be later than the grace on a loaded machine: it comes when ready.
    const names = await eventually(
      async () => {
        const listed = (await cli.client.listTools()).tools.map((t) => t.name);
        return listed.includes('e__echo') ? listed : undefined;
      },
      { tries: 200, everyMs: 100 },
    );
    expect(names.some((n) => n.startsWith('stuck__'))).toBe(false);
  }, 30_000);

  it('announces the late upstream with tools/list_changed', async () => {
    const names = await eventually(
      async () => {
        const listed = (await cli.client.listTools()).tools.map((t) => t.name);
        return listed.includes('late__wait') ? listed : undefined;
      },
      { tries: 200, everyMs: 100 },
    );
    expect(names).toContain('e__echo');
    // Catalog changes are announced coalesced, 10 ms after they happen (actors/router/facade.ts
    // `ListChanges`): a poll may see the tool first, and the notification follows.
    const announced = await eventually(
      () =>
        cli.wire.some((m) => 'method' in m && m.method === 'notifications/tools/list_changed') ||
        undefined,
      { tries: 50, everyMs: 20 },
    );
    expect(announced).toBe(true);
  }, 30_000);
});
