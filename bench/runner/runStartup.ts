/**
 * Start-up: how long a subject takes from spawn until a client has its tools (the process
 * started, `initialize` answered, `tools/list` complete: what a desktop client waits for each
 * time it launches a stdio server), and the subject's RSS at that moment. Each subject is
 * started `rounds` times, in turn with the others (A B, B A…); the figures are medians.
 * The echo upstream starts inside a router's time, so `direct` (the echo alone) is the floor.
 */
import {
  emptySubject,
  newScenarioResult,
  reduceScenario,
  type ScenarioResult,
} from '../results.js';
import type { Scenario } from '../scenarios.js';
import { median } from '../stats/latency.js';
import { readRssBytes } from '../stats/procStats.js';
import { type LaunchContext, launchSubject, subjectLabel } from '../subjects/launch.js';
import { type RunSettings, reasonOf } from './runLoad.js';

export async function runStartupScenario(
  scenario: Scenario,
  ctx: LaunchContext,
  settings: RunSettings,
): Promise<ScenarioResult> {
  const started = performance.now();
  const results = scenario.subjects.map((spec) => emptySubject(spec, subjectLabel(spec)));
  const times = results.map((): number[] => []);
  const rss = results.map((): number[] => []);
  for (let round = 1; round <= settings.rounds; round++) {
    const order = results.map((_, i) => i);
    if (round % 2 === 0) order.reverse();
    for (const i of order) {
      const r = results[i];
      const spec = scenario.subjects[i];
      if (r === undefined || spec === undefined || r.status !== 'ok') continue;
      try {
        const t0 = performance.now();
        const launched = await launchSubject(spec, ctx);
        const ms = performance.now() - t0;
        const bytes = launched.pid === undefined ? undefined : readRssBytes(launched.pid);
        await launched.close();
        times[i]?.push(ms);
        if (bytes !== undefined) rss[i]?.push(bytes);
        settings.log(
          `  round ${round}/${settings.rounds} ${r.label}: ready after ${ms.toFixed(0)} ms, RSS ${bytes === undefined ? '?' : (bytes / 1048576).toFixed(1)} MiB`,
        );
      } catch (e) {
        r.status = 'failed';
        r.reason = reasonOf(e);
        settings.log(`  ${r.label}: failed (${r.reason})`);
      }
    }
  }
  results.forEach((r, i) => {
    const t = times[i] ?? [];
    const b = rss[i] ?? [];
    if (t.length > 0) r.metrics.startupMs = median(t);
    if (b.length > 0) r.metrics.startupRssBytes = median(b);
  });
  const base = results.find((r) => r.name === scenario.baseline)?.metrics.startupMs;
  for (const r of results) {
    const ms = r.metrics.startupMs;
    // Inverted like every ratio of the bench: above 1 is faster than the baseline.
    if (base !== undefined && ms !== undefined && ms > 0) r.ratio = base / ms;
  }
  const result = newScenarioResult(scenario, results);
  reduceScenario(result);
  result.durationMs = performance.now() - started;
  return result;
}
