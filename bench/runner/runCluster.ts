/**
 * The `cluster` scenario: three mcp-mux instances with `mcpMux.cluster` and one redis-server
 * behind nginx vs one instance behind nginx, started together and measured in interleaved
 * rounds under the same mixed load (legacy sessions calling `tools/call`, stateless
 * 2026-07-28 calls). Per subject: throughput, the CPU of the mcp-mux processes and of nginx's
 * workers per request, and the share of requests the instances forwarded to another (their
 * /metrics). `1 instance + redis` is one clustered instance (its own redis-server): the
 * cluster's cost without more processes. `3 instances, misrouted` sends every legacy call straight to
 * an instance that does not own the session (the worst a balancer can do): what a forwarded
 * request costs the routers. Skipped, with the reason, when nginx or redis-server is missing.
 */
import {
  type LegacyTarget,
  type MixedResult,
  openLegacySessionId,
  runMixedLoad,
} from '../client/mixedHttpLoad.js';
import {
  emptySubject,
  newScenarioResult,
  type RoundResult,
  reduceScenario,
  type ScenarioResult,
  type SubjectResult,
} from '../results.js';
import type { Scenario } from '../scenarios.js';
import { summarizeLatency } from '../stats/latency.js';
import {
  ECHO_TOOL,
  findProgram,
  type MuxSet,
  type RedisServer,
  startMuxSet,
  startRedis,
} from '../subjects/muxSets.js';
import type { RunSettings } from './runLoad.js';
import {
  describeWarmup,
  scaledForInstances,
  settle,
  type WarmupWindow,
  warmUpInTurns,
} from './warmUp.js';

export const CLUSTER_SET = '3 instances + redis';
export const SINGLE = '1 instance';
export const SINGLE_CLUSTERED = '1 instance + redis';
export const MISROUTED = '3 instances, misrouted';
/** Unmeasured load before each measured round of a set. */
const PRIME_MS = 500;

interface Measured {
  spec: Scenario['subjects'][number];
  result: SubjectResult;
  set: () => MuxSet;
  legacy: LegacyTarget[];
  forwarded: number;
  legacyCompleted: number;
  nginxUs: number;
}

function skipped(scenario: Scenario, reason: string, started: number): ScenarioResult {
  return {
    ...newScenarioResult(
      scenario,
      scenario.subjects.map((spec) => ({
        ...emptySubject(spec, spec.name),
        status: 'n/a' as const,
        reason,
      })),
    ),
    notes: [reason],
    durationMs: Date.now() - started,
  };
}

/** Legacy sessions opened through the balancer; misrouted: sent to an instance not their owner. */
async function openSessions(set: MuxSet, count: number, misrouted: boolean) {
  const targets: LegacyTarget[] = [];
  const ids = set.deployment.instances.map((_, i) => `node-${i}`);
  for (let i = 0; i < count; i++) {
    const sessionId = await openLegacySessionId(set.deployment.url);
    let url = set.deployment.url;
    if (misrouted) {
      const owner = /^1\.([A-Za-z0-9_-]+)\./.exec(sessionId)?.[1] ?? '';
      const other = ids[(ids.indexOf(owner) + 1) % ids.length] ?? '';
      url = set.urlOfInstanceId(other) ?? url;
    }
    targets.push({ sessionId, url });
  }
  return targets;
}

export async function runClusterScenario(
  scenario: Scenario,
  settings: RunSettings,
): Promise<ScenarioResult> {
  const started = Date.now();
  const { log } = settings;
  const nginx = findProgram('nginx');
  const redisBinary = findProgram('redis-server');
  if (!nginx || !redisBinary) {
    const missing = [!nginx && 'nginx', !redisBinary && 'redis-server'].filter(Boolean).join(', ');
    const reason = `${missing} not installed (apt-get install -y nginx redis-server)`;
    log(`  skipped: ${reason}`);
    return skipped(scenario, reason, started);
  }
  let redis: RedisServer | undefined;
  let redisAlone: RedisServer | undefined;
  const sets: MuxSet[] = [];
  try {
    redis = await startRedis(redisBinary);
    const clustered = await startMuxSet(nginx, 3, redis);
    sets.push(clustered);
    const single = await startMuxSet(nginx, 1);
    sets.push(single);
    // The cluster's own cost without more processes: one clustered instance, its own Redis.
    const wantsAlone = scenario.subjects.some((spec) => spec.name === SINGLE_CLUSTERED);
    if (wantsAlone) redisAlone = await startRedis(redisBinary);
    const alone = redisAlone ? await startMuxSet(nginx, 1, redisAlone) : single;
    if (alone !== single) sets.push(alone);
    const legacyWorkers = Math.floor(scenario.load.inFlight / 2);
    const statelessWorkers = scenario.load.inFlight - legacyWorkers;
    const setOf = (name: string) =>
      name === SINGLE ? single : name === SINGLE_CLUSTERED ? alone : clustered;
    const measured: Measured[] = [];
    for (const spec of scenario.subjects) {
      measured.push({
        spec,
        result: emptySubject(spec, spec.name),
        set: () => setOf(spec.name),
        legacy: await openSessions(setOf(spec.name), legacyWorkers, spec.name === MISROUTED),
        forwarded: 0,
        legacyCompleted: 0,
        nginxUs: 0,
      });
    }
    const args = { payload: 'x'.repeat(scenario.load.payloadBytes) };
    const round = (m: Measured, durationMs: number): Promise<MixedResult> =>
      runMixedLoad({
        legacy: m.legacy,
        statelessUrl: m.set().deployment.url,
        statelessWorkers,
        tool: ECHO_TOOL,
        arguments: args,
        durationMs,
      });
    // Each set warms until its routers' CPU per request settles (warmUp.ts's rule, over the
    // set's processes together). Three instances each see a third of the calls, so their JIT
    // reaches a given tier three times later: a set of N instances warms until each of them
    // has served as many calls as a lone instance did (`scaledForInstances`). A set whose
    // processes an earlier subject already warmed (the misrouted set shares the clustered
    // one's) only settles on its own load.
    const warmups: string[] = [];
    const warmed = new Set<MuxSet>();
    let perInstance = 0;
    const windowOf =
      (m: Measured) =>
      async (durationMs: number): Promise<WarmupWindow> => {
        const set = m.set();
        const cpu0 = set.cpu().mux;
        const out = await round(m, durationMs);
        if (out.completed === 0) throw new Error(`${m.spec.name}: no call completed in warm-up`);
        const cpuPerCall = (set.cpu().mux - cpu0) / out.completed;
        return {
          completed: out.completed,
          cpuPerCall,
          throughput: (out.completed * 1000) / durationMs,
        };
      };
    for (const m of measured) {
      const set = m.set();
      const instances = set.deployment.instances.length;
      const rule = warmed.has(set)
        ? settings.warmup
        : scaledForInstances(settings.warmup, instances, perInstance);
      const w = await settle(windowOf(m), rule);
      if (instances === 1) perInstance = Math.max(perInstance, w.requests);
      warmed.add(set);
      warmups.push(describeWarmup(m.spec.name, w));
    }
    // The sets warmed one after another (a set of three needs the lone instance's figure
    // first), so the first ones then sat idle through the others' warm-ups, about a minute:
    // their first rounds ran at two to three times their settled CPU per request, and with three
    // rounds that decided the row's median (bench/notes/2026-11-30-cluster-warm-order.md).
    // Warmed once more in turns, until each settles again, every set is as recent as the others.
    const again = await warmUpInTurns(measured.map(windowOf), settings.warmup);
    const rewarmed = again.map((w, i) => {
      const name = measured[i]?.spec.name ?? '?';
      if (w instanceof Error) throw new Error(`${name}: ${w.message}`);
      return describeWarmup(name, w);
    });
    for (let r = 0; r < settings.rounds; r++) {
      for (const m of r % 2 === 0 ? measured : [...measured].reverse()) {
        const set = m.set();
        // A set sits idle while the others run (6 s with four sets): nginx has closed its idle
        // connections to the instances (`keepalive_timeout 4s`) and V8 has shrunk their
        // heaps. Unmeasured load first, so a round measures the set serving, not reopening.
        await round(m, PRIME_MS);
        const cpu0 = set.cpu();
        const forwarded0 = await set.forwarded();
        const client0 = process.cpuUsage();
        const out = await round(m, settings.roundMs);
        const client = process.cpuUsage(client0);
        const cpu1 = set.cpu();
        const forwarded = (await set.forwarded()) - forwarded0;
        const result: RoundResult = {
          throughput: (out.completed * 1000) / out.elapsedMs,
          completed: out.completed,
          errors: out.errors,
          latency: summarizeLatency(out.histogram),
          cpuUs: cpu1.mux - cpu0.mux,
          clientCpuUs: client.user + client.system,
        };
        m.result.rounds.push(result);
        m.forwarded += forwarded;
        m.legacyCompleted += out.legacyCompleted;
        m.nginxUs += cpu1.nginx - cpu0.nginx;
        log(
          `  round ${r + 1} ${m.spec.name}: ${result.throughput.toFixed(0)} req/s, ${out.errors} errors, ${forwarded} forwarded`,
        );
      }
    }
    const result = reduceScenario(
      newScenarioResult(
        scenario,
        measured.map((m) => m.result),
      ),
    );
    for (const m of measured) {
      const completed = m.result.rounds.reduce((n, r) => n + r.completed, 0);
      if (completed === 0) continue;
      m.result.metrics.forwarded = m.forwarded;
      m.result.metrics.forwardedShare = m.forwarded / completed;
      m.result.metrics.legacyShare = m.legacyCompleted / completed;
      m.result.metrics.nginxCpuUsPerRequest = m.nginxUs / completed;
    }
    // What a forwarded request costs the routers: the misrouted set's extra mcp-mux CPU per
    // request over the routed set's, spread over its forwarded requests.
    const routed = measured.find((m) => m.spec.name === CLUSTER_SET)?.result;
    const misrouted = measured.find((m) => m.spec.name === MISROUTED)?.result;
    const share = misrouted?.metrics.forwardedShare;
    if (routed?.cpuUsPerRequest && misrouted?.cpuUsPerRequest && share) {
      misrouted.metrics.cpuUsPerForwarded =
        (misrouted.cpuUsPerRequest - routed.cpuUsPerRequest) / share;
    }
    result.notes.push(
      `${legacyWorkers} legacy sessions + ${statelessWorkers} stateless workers, closed loop; ` +
        'CPU µs/req = the mcp-mux processes; nginx workers and the load generator share the cores',
    );
    result.notes.push(`warm-up (until the set's CPU per request settles): ${warmups.join('; ')}`);
    result.notes.push(`then warmed again in turns: ${rewarmed.join('; ')}`);
    if (routed?.metrics.forwarded) {
      const errors = clustered.balancerErrors();
      result.notes.push(
        `the routed set forwarded ${routed.metrics.forwarded}; nginx logged ${errors.length} upstream errors${errors.length > 0 ? `, last: ${errors.at(-1)?.slice(0, 300)}` : ''}`,
      );
    }
    result.durationMs = Date.now() - started;
    return result;
  } finally {
    await Promise.all(sets.map((set) => set.stop()));
    await Promise.all([redis?.stop(), redisAlone?.stop()]);
  }
}
