/**
 * An idle router sleeps: with the HTTP facade, the metrics listener (and so the process
 * metrics' event-loop delay histogram) and an upstream connected, its main thread blocks in
 * the kernel only a few times a second. Counted from the thread's voluntary context switches
 * (`/proc/<pid>/task/<pid>/status`, Linux): each time the event loop waits and is woken is
 * one. A timer that fires every 10 ms (prom-client's default sampling of the event-loop
 * delay) makes ~100 a second; the bound below leaves room for the sweepers and heartbeats
 * that run at seconds.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Proc, startCli, until } from './cliNetwork.js';
import { fixture, writeConfig } from './harness.js';

const switches = (pid: number): number => {
  const status = readFileSync(`/proc/${pid}/task/${pid}/status`, 'utf8');
  return Number(/^voluntary_ctxt_switches:\s+(\d+)/m.exec(status)?.[1]);
};

const WINDOW_MS = 3_000;

describe.skipIf(process.platform !== 'linux')('an idle router', () => {
  let cli: Proc;

  beforeAll(async () => {
    const config = writeConfig({ mcpServers: { rec: fixture('recordingServer') } });
    cli = await startCli(config, ['--http', '127.0.0.1:0', '--metrics', '127.0.0.1:0']);
    const base = await until(
      () => /listening: metrics (http:\/\/[^/\s]+)/.exec(cli.output())?.[1],
      15_000,
      'the metrics listener',
    );
    // Up, its upstream connected and the process metrics registered.
    await until(async () => (await fetch(`${base}/readyz`)).status === 200, 15_000, 'ready');
    expect(await (await fetch(`${base}/metrics`)).text()).toContain('nodejs_eventloop_lag');
  });

  afterAll(() => cli?.stop());

  it('wakes a few times a second, not a hundred', async () => {
    const pid = cli.child.pid as number;
    // Past start-up's lazy compiles and first collections.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const before = switches(pid);
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
    const perSecond = ((switches(pid) - before) * 1000) / WINDOW_MS;
    expect(perSecond).toBeLessThan(40);
  });
});
