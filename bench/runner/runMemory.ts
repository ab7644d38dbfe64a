/**
 * Memory scenarios, measured from the outside as RSS growth of the subject's process
 * (/proc/<pid>/status): per idle session opened on a network facade, and per request parked
 * in a slow upstream. RSS includes heap that the GC has not returned yet, so the figures are
 * an upper bound; many sessions/requests are opened so that page granularity vanishes.
 */

import { runClosedLoop } from '../client/closedLoop.js';
import type { Session } from '../client/session.js';
import { newScenarioResult, reduceScenario, type ScenarioResult } from '../results.js';
import type { Scenario } from '../scenarios.js';
import { readRssBytes } from '../stats/procStats.js';
import type { LaunchContext, Launched } from '../subjects/launch.js';
import { closeAll, launchAll, makeCall, type RunSettings, reasonOf } from './runLoad.js';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function idleBytesPerSession(launched: Launched, count: number): Promise<number> {
  const pid = launched.pid;
  if (pid === undefined) throw new Error('no process to measure');
  const sessions: Session[] = [];
  const open = async (n: number): Promise<void> => {
    // 8 handshakes at a time: fast, without a thundering herd on the facade.
    for (let i = 0; i < n; i += 8) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(8, n - i) }, () => launched.connect()),
      );
      sessions.push(...batch);
    }
  };
  try {
    await open(Math.max(4, Math.round(count / 10))); // warm the session code paths
    await sleep(500);
    const before = readRssBytes(pid);
    await open(count);
    await sleep(1000);
    const after = readRssBytes(pid);
    if (before === undefined || after === undefined) throw new Error('RSS not readable');
    return (after - before) / count;
  } finally {
    await Promise.all(sessions.map((s) => s.close().catch(() => {})));
  }
}

async function bytesPerParkedRequest(
  launched: Launched,
  count: number,
  parkMs: number,
): Promise<{ perRequest: number; errors: number }> {
  const pid = launched.pid;
  if (pid === undefined) throw new Error('no process to measure');
  const { client } = launched.session;
  const tool = launched.tools[0];
  await sleep(300);
  const before = readRssBytes(pid);
  const parked = Array.from({ length: count }, () =>
    client
      .request('tools/call', {
        name: tool,
        arguments: { payload: 'x'.repeat(100), workMs: parkMs },
      })
      .then(
        () => 0,
        () => 1,
      ),
  );
  await sleep(Math.min(1000, parkMs / 2));
  const after = readRssBytes(pid);
  const errors = (await Promise.all(parked)).reduce<number>((a, b) => a + b, 0);
  if (before === undefined || after === undefined) throw new Error('RSS not readable');
  return { perRequest: (after - before) / count, errors };
}

export async function runMemoryScenario(
  scenario: Scenario,
  ctx: LaunchContext,
  settings: RunSettings & { parkMs: number },
): Promise<ScenarioResult> {
  const started = performance.now();
  const result = newScenarioResult(scenario);
  const { results, live } = await launchAll(scenario, ctx, settings);
  result.subjects = results;
  try {
    for (const r of results) {
      const launched = live.get(r.name)?.[0];
      if (!launched || r.status !== 'ok') continue;
      try {
        await runClosedLoop({
          inFlight: 4,
          durationMs: settings.warmupMs,
          call: makeCall(launched, scenario.load),
        });
        if (scenario.kind === 'memory-idle') {
          const n = settings.idleSessions;
          r.metrics.bytesPerSession = await idleBytesPerSession(launched, n);
          r.metrics.sessions = n;
          settings.log(
            `  ${r.label}: ${Math.round(r.metrics.bytesPerSession)} B per idle session (${n})`,
          );
        } else {
          const n = settings.parkedRequests;
          const { perRequest, errors } = await bytesPerParkedRequest(launched, n, settings.parkMs);
          r.metrics.bytesPerRequest = perRequest;
          r.metrics.parked = n;
          r.errors = errors;
          settings.log(
            `  ${r.label}: ${Math.round(perRequest)} B per parked request (${n}, ${errors} errors)`,
          );
        }
      } catch (e) {
        r.status = 'failed';
        r.reason = reasonOf(e);
        settings.log(`  ${r.label}: failed (${r.reason})`);
      }
    }
  } finally {
    await closeAll(live);
  }
  reduceScenario(result);
  result.durationMs = performance.now() - started;
  return result;
}
