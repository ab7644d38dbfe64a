/**
 * Runs a throughput or latency scenario: start every subject, warm them up in turns
 * (warmUp.ts), then measure them in interleaved rounds (A, B, A, B…) so that drift of the
 * machine (thermal, other tenants, GC of the bench itself) hits every subject alike; a build
 * and its `--compare` twins are measured back to back (roundOrder.ts). Around each round the
 * CPU time of the measured process is read from /proc.
 *
 * A router subject may run as several identical processes (`replicas`), taking the rounds in
 * turn: two processes of one build can differ by more than two builds do (at one in flight
 * by up to 35%), and a figure from one process judges that process, not the build. A row
 * with one request in flight may run pinned to one vCPU (`pin`, cpuPin.ts).
 */
import { type LoadResult, runClosedLoop } from '../client/closedLoop.js';
import { runOpenLoop } from '../client/openLoop.js';
import { type EncodedParams, encodeParams } from '../client/rpcClient.js';
import {
  emptySubject,
  newScenarioResult,
  type RoundResult,
  reduceScenario,
  type ScenarioResult,
  type SubjectResult,
} from '../results.js';
import type { Load, Scenario } from '../scenarios.js';
import { median, summarizeLatency } from '../stats/latency.js';
import {
  type CpuTimes,
  readCpuTimes,
  readIoCalls,
  readMainThreadCpuTimes,
} from '../stats/procStats.js';
import {
  comboKey,
  type LaunchContext,
  type Launched,
  launchSubject,
  listAllTools,
  type SubjectSpec,
  subjectLabel,
} from '../subjects/launch.js';
import { type PinMode, pinsRow, withPinnedCpu } from './cpuPin.js';
import { roundOrder } from './roundOrder.js';
import { describeWarmup, loadWindow, type WarmupSettings, warmUpInTurns } from './warmUp.js';

export interface RunSettings {
  rounds: number;
  roundMs: number;
  /** Warm-up of the memory scenarios (a fixed time: they measure RSS, not CPU). */
  warmupMs: number;
  /** Warm-up of the load scenarios: until CPU per request settles (`warmUp.ts`). */
  warmup: WarmupSettings;
  /** Idle sessions opened per memory-idle subject. */
  idleSessions: number;
  /** Requests parked per memory-inflight subject. */
  parkedRequests: number;
  /** Processes per router subject (each build), taking the load rounds in turn; default 1. */
  replicas?: number;
  /** Rows with one request in flight on one vCPU (cpuPin.ts); default off. */
  pin?: PinMode;
  log: (line: string) => void;
}

/** Unmeasured load before each measured closed-loop round of a subject. */
const PRIME_MS = 300;

const payloads = new Map<number, string>();
const payloadOf = (n: number): string => {
  let p = payloads.get(n);
  if (p === undefined) {
    p = 'x'.repeat(n);
    payloads.set(n, p);
  }
  return p;
};

/** The request a subject is loaded with, spread round-robin over its tools. */
export function makeCall(launched: Launched, load: Load): (i: number) => Promise<unknown> {
  const { client } = launched.session;
  if (load.method === 'tools/list') {
    return async () => {
      const names = await listAllTools(launched.session);
      if (names.length !== launched.listedTools) {
        throw new Error(
          `tools/list returned ${names.length} tools, expected ${launched.listedTools}`,
        );
      }
    };
  }
  const payload = payloadOf(load.payloadBytes);
  const params: EncodedParams[] = launched.tools.map((name) =>
    encodeParams({
      name,
      arguments: load.workMs > 0 ? { payload, workMs: load.workMs } : { payload },
    }),
  );
  const n = params.length;
  return (i) => client.request('tools/call', params[i % n]);
}

/** One real call whose answer is checked, so a subject that routes wrongly is caught. */
async function checkEcho(launched: Launched, load: Load): Promise<void> {
  if (load.method !== 'tools/call') return;
  const result = await launched.session.client.request('tools/call', {
    name: launched.tools[0],
    arguments: { payload: payloadOf(load.payloadBytes) },
  });
  const content = result.content as { text?: unknown }[] | undefined;
  const text = content?.[0]?.text;
  if (typeof text !== 'string' || text.length !== load.payloadBytes) {
    throw new Error(
      `echo came back wrong (${typeof text === 'string' ? text.length : typeof text})`,
    );
  }
}

/** One round's figures; `cpu` of the measured process, split into user and kernel time. */
export function toRound(
  load: LoadResult,
  cpu: CpuTimes | undefined,
  clientCpuUs: number,
): RoundResult {
  const round: RoundResult = {
    throughput: load.throughput,
    completed: load.completed,
    errors: load.errors,
    latency: summarizeLatency(load.latency),
    clientCpuUs,
  };
  if (cpu !== undefined) {
    round.cpuUs = cpu.user + cpu.kernel;
    round.kernelCpuUs = cpu.kernel;
  }
  if (load.sendLag) round.sendLagP99 = load.sendLag.getValueAtPercentile(99);
  return round;
}

/** The first line of an error, short enough for a table cell. */
export function reasonOf(e: unknown): string {
  const line = ((e as Error).message ?? String(e)).split('\n')[0] ?? 'failed';
  return line.length > 160 ? `${line.slice(0, 157)}…` : line;
}

/**
 * Starts the scenario's subjects, `copies(spec)` processes each (default one); the ones that
 * cannot start are marked n/a. `live` holds each started subject's processes.
 */
export async function launchAll(
  scenario: Scenario,
  ctx: LaunchContext,
  settings: RunSettings,
  copies: (spec: SubjectSpec) => number = () => 1,
): Promise<{ results: SubjectResult[]; live: Map<string, Launched[]> }> {
  const results: SubjectResult[] = [];
  const live = new Map<string, Launched[]>();
  for (const spec of scenario.subjects) {
    const result = emptySubject(spec, subjectLabel(spec));
    results.push(result);
    const started: Launched[] = [];
    try {
      for (let i = 0; i < Math.max(1, copies(spec)); i++) {
        const launched = await launchSubject(spec, ctx);
        started.push(launched);
        await checkEcho(launched, scenario.load);
      }
      live.set(spec.name, started);
    } catch (e) {
      await closeAll(new Map([[spec.name, started]]));
      // A combination that never worked in this run is unsupported (n/a); one that worked
      // elsewhere failed here.
      const unsupported = ctx.failures.has(comboKey(spec));
      const message = reasonOf(e);
      result.status = unsupported ? 'n/a' : 'failed';
      result.reason =
        unsupported && spec.kind === 'mcp-mux' ? `not supported yet: ${message}` : message;
      settings.log(`  ${result.label}: ${result.status} (${result.reason})`);
    }
  }
  return { results, live };
}

export async function closeAll(live: Map<string, readonly Launched[]>): Promise<void> {
  await Promise.all([...live.values()].flat().map((l) => l.close().catch(() => {})));
}

/** `mcp-mux 41.2 / 40.8 / 43.0` for a subject that ran several processes, else undefined. */
export function replicaSummary(r: SubjectResult): string | undefined {
  const byReplica = new Map<number, number[]>();
  for (const round of r.rounds) {
    if (round.replica === undefined || round.cpuUs === undefined || round.completed === 0) continue;
    const list = byReplica.get(round.replica) ?? [];
    list.push(round.cpuUs / round.completed);
    byReplica.set(round.replica, list);
  }
  if (byReplica.size < 2) return undefined;
  const medians = [...byReplica.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, cpu]) => median(cpu).toFixed(1));
  return `${r.label} ${medians.join(' / ')}`;
}

async function measure(
  launched: Launched,
  run: (call: (i: number) => Promise<unknown>) => Promise<LoadResult>,
  load: Load,
): Promise<RoundResult> {
  const call = makeCall(launched, load);
  const pid = launched.pid;
  const cpu0 = pid === undefined ? undefined : readCpuTimes(pid);
  const io0 = pid === undefined ? undefined : readIoCalls(pid);
  const main0 = pid === undefined ? undefined : readMainThreadCpuTimes(pid);
  const client0 = process.cpuUsage();
  const result = await run(call);
  const client = process.cpuUsage(client0);
  const cpu1 = pid === undefined ? undefined : readCpuTimes(pid);
  const io1 = pid === undefined ? undefined : readIoCalls(pid);
  const main1 = pid === undefined ? undefined : readMainThreadCpuTimes(pid);
  if (result.completed === 0) throw new Error(result.firstError ?? 'no request completed');
  const cpu =
    cpu0 !== undefined && cpu1 !== undefined
      ? { user: cpu1.user - cpu0.user, kernel: cpu1.kernel - cpu0.kernel }
      : undefined;
  const round = toRound(result, cpu, client.user + client.system);
  if (io0 !== undefined && io1 !== undefined) {
    round.readCalls = io1.reads - io0.reads;
    round.writeCalls = io1.writes - io0.writes;
  }
  if (main0 !== undefined && main1 !== undefined && round.cpuUs !== undefined) {
    round.mainThreadCpuUs = main1.user + main1.kernel - (main0.user + main0.kernel);
  }
  return round;
}

export async function runLoadScenario(
  scenario: Scenario,
  ctx: LaunchContext,
  settings: RunSettings,
): Promise<ScenarioResult> {
  const pin = settings.pin ?? 'off';
  if (scenario.kind !== 'throughput' || !pinsRow(pin, scenario.load.inFlight)) {
    return runRow(scenario, ctx, settings, []);
  }
  let note = `pinned: the load generator, every subject and its upstreams on vCPU ${pin.cpu} (one request in flight)`;
  return withPinnedCpu(
    pin.cpu,
    () => runRow(scenario, ctx, settings, [note]),
    (reason) => {
      note = `not pinned: ${reason}`;
      settings.log(`  ${note}`);
    },
  );
}

async function runRow(
  scenario: Scenario,
  ctx: LaunchContext,
  settings: RunSettings,
  notes: readonly string[],
): Promise<ScenarioResult> {
  const started = performance.now();
  const { load } = scenario;
  const result = newScenarioResult(scenario);
  result.notes.push(...notes);
  const replicas = Math.max(1, settings.replicas ?? 1);
  const { results, live } = await launchAll(scenario, ctx, settings, (spec) =>
    spec.kind === 'mcp-mux' ? replicas : 1,
  );
  result.subjects = results;
  const byName = new Map(results.map((r) => [r.name, r]));
  const fail = (name: string, e: unknown): void => {
    const r = byName.get(name);
    if (!r) return;
    r.status = 'failed';
    r.reason = reasonOf(e);
    settings.log(`  ${r.label}: failed (${r.reason})`);
  };
  const closed = (i: number) => (call: (i: number) => Promise<unknown>) =>
    runClosedLoop({ inFlight: load.inFlight, durationMs: i, call });
  const roundMs = settings.roundMs * (scenario.roundScale ?? 1);
  try {
    const warmed: string[] = [];
    // Every process warms, each replica of a subject as one more subject in the turns.
    const warming = [...live].flatMap(([name, copies]) =>
      copies.map((launched, i) => ({
        name,
        launched,
        label: copies.length > 1 ? `${launched.label} #${i + 1}` : launched.label,
      })),
    );
    const outcomes = await warmUpInTurns(
      warming.map(({ launched }) =>
        loadWindow(launched.pid, load.inFlight, makeCall(launched, load)),
      ),
      // Few, slow requests (1 and 4 MiB rows) get the longer cap their rounds get.
      { ...settings.warmup, maxMs: settings.warmup.maxMs * (scenario.roundScale ?? 1) },
    );
    for (const [i, { name, label }] of warming.entries()) {
      const w = outcomes[i];
      if (w === undefined || w instanceof Error) fail(name, w);
      else warmed.push(describeWarmup(label, w));
    }
    if (warmed.length > 0) result.notes.push(`warm-up: ${warmed.join('; ')}`);
    let rate: number | undefined;
    if (scenario.kind === 'latency') {
      // 50% of the saturation rate of the router (of the baseline when the router is n/a).
      const target = (live.get('mcp-mux') ?? live.get(scenario.baseline))?.[0];
      if (target) {
        const sat = await measure(target, closed(settings.roundMs), load);
        rate = Math.max(50, Math.round(sat.throughput / 2));
        result.notes.push(
          `saturation of ${target.label}: ${Math.round(sat.throughput)} req/s; open loop at ${rate} req/s`,
        );
      }
    }
    const names = [...live.keys()];
    for (let round = 1; round <= settings.rounds; round++) {
      // The order turns each round; a build and its twins run back to back (roundOrder.ts).
      for (const name of roundOrder(names, round)) {
        // A subject's processes take the rounds in turn, so round r of a build and of its
        // twin both come from their ((r − 1) mod replicas)-th process.
        const copies = live.get(name) ?? [];
        const replica = (round - 1) % Math.max(1, copies.length);
        const launched = copies[replica];
        const r = byName.get(name);
        if (launched === undefined || r?.status !== 'ok') continue;
        try {
          // Unmeasured load first: a process idle while the others ran spends its first few
          // hundred ms at up to 3x its CPU per request.
          if (rate === undefined) await closed(PRIME_MS)(makeCall(launched, load));
          const run =
            rate === undefined
              ? closed(roundMs)
              : (call: (i: number) => Promise<unknown>) =>
                  runOpenLoop({ rate: rate as number, durationMs: roundMs, call });
          const m = await measure(launched, run, load);
          if (copies.length > 1) m.replica = replica;
          r.rounds.push(m);
          if (rate !== undefined) r.metrics.rate = rate;
          const lag = m.sendLagP99 === undefined ? '' : ` (client send lag p99 ${m.sendLagP99} µs)`;
          settings.log(
            `  round ${round}/${settings.rounds} ${r.label}: ${Math.round(m.throughput)} req/s, p50 ${m.latency.p50} µs, p99 ${m.latency.p99} µs${lag}`,
          );
        } catch (e) {
          fail(name, e);
        }
      }
    }
  } finally {
    await closeAll(live);
  }
  reduceScenario(result);
  const calls = result.subjects
    .filter((r) => r.metrics.writeCallsPerRequest !== undefined)
    .map(
      (r) =>
        `${r.label} ${r.metrics.readCallsPerRequest?.toFixed(2)} / ${r.metrics.writeCallsPerRequest?.toFixed(2)}`,
    );
  if (calls.length > 0) {
    result.notes.push(`read / write system calls per request: ${calls.join('; ')}`);
  }
  const threads = result.subjects
    .filter((r) => r.metrics.mainThreadCpuUsPerRequest !== undefined)
    .map((r) => {
      const main = r.metrics.mainThreadCpuUsPerRequest as number;
      // Read a tick apart: the rest never shows below zero.
      const rest = Math.max(0, (r.cpuUsPerRequest ?? main) - main);
      return `${r.label} ${main.toFixed(1)} / ${rest.toFixed(1)}`;
    });
  if (threads.length > 0) {
    // Where a subject's CPU goes: its event loop, or its other threads (a worker of its own,
    // such as the audit's, shows here; so do V8's compiler and garbage collector).
    result.notes.push(`CPU µs per request, main thread / other threads: ${threads.join('; ')}`);
  }
  const perReplica = result.subjects.map(replicaSummary).filter((x) => x !== undefined);
  if (perReplica.length > 0) {
    result.notes.push(`CPU µs per request, median of each process: ${perReplica.join('; ')}`);
  }
  if (scenario.kind === 'latency') {
    const base = byName.get(scenario.baseline);
    const mux = byName.get('mcp-mux');
    if (base?.latency && mux?.latency) mux.metrics.addedP99Us = mux.latency.p99 - base.latency.p99;
    for (const r of result.subjects) {
      const lags = r.rounds.map((x) => x.sendLagP99).filter((x): x is number => x !== undefined);
      if (lags.length > 0) r.metrics.sendLagP99Us = median(lags);
    }
    const lag = result.subjects.map((r) => r.metrics.sendLagP99Us).filter((x) => x !== undefined);
    if (lag.length > 0) {
      result.notes.push(
        `the client's own send lag (timer granularity, its GC) has p99 ${lag.map((x) => Math.round(x!)).join(' / ')} µs; it is part of every subject's latency alike`,
      );
    }
  }
  result.durationMs = performance.now() - started;
  return result;
}
