/**
 * The shape of a benchmark run as written to bench/results/<timestamp>.json, and the
 * reduction of rounds to figures (medians) and ratios against the scenario's baseline.
 */
import type { TransportKind } from './client/session.js';
import type { Load, Scenario, ScenarioKind } from './scenarios.js';
import { type LatencySummary, median, medianSummary } from './stats/latency.js';
import type { SubjectKind } from './subjects/launch.js';

export interface RoundResult {
  throughput: number;
  completed: number;
  errors: number;
  latency: LatencySummary;
  /** CPU time of the measured process during the round, µs. */
  cpuUs?: number;
  /** The part of `cpuUs` spent in the kernel on the process's behalf (system calls), µs. */
  kernelCpuUs?: number;
  /** The part of `cpuUs` on the process's main thread (the event loop), µs. */
  mainThreadCpuUs?: number;
  /** Read and write system calls of the measured process during the round (/proc/<pid>/io). */
  readCalls?: number;
  writeCalls?: number;
  /** CPU time of the load generator (this process) during the round, µs. */
  clientCpuUs?: number;
  /** Open loop: p99 of how late the client sent requests after their schedule, µs. */
  sendLagP99?: number;
  /** Which of the subject's processes served the round (0-based), when it ran several. */
  replica?: number;
}

export type SubjectStatus = 'ok' | 'n/a' | 'failed';

export interface SubjectResult {
  name: string;
  label: string;
  kind: SubjectKind;
  downstream: TransportKind;
  upstream: TransportKind;
  status: SubjectStatus;
  reason?: string;
  rounds: RoundResult[];
  /** Median over rounds, requests per second. */
  throughput?: number;
  /** Per-percentile median over rounds, µs. */
  latency?: LatencySummary;
  errors: number;
  /** Total CPU of the measured process over all rounds / requests completed, µs. */
  cpuUsPerRequest?: number;
  /**
   * The kernel's part of `cpuUsPerRequest` (system calls: pipe and socket copies, wake-ups).
   * Set beside the total: it tells a process's own work from what the machine charges it.
   */
  kernelCpuUsPerRequest?: number;
  /** The same for the load generator: shows that the client is not the bottleneck. */
  clientCpuUsPerRequest?: number;
  /** Against the baseline subject (throughput ratio, or p50 ratio when compared by latency). */
  ratio?: number;
  /** Scenario-specific figures (bytesPerSession, bytesPerRequest, rate, addedP99Us…). */
  metrics: Record<string, number>;
}

export interface ScenarioResult {
  id: string;
  group: string;
  title: string;
  kind: ScenarioKind;
  load: Load;
  baseline: string;
  compareBy: 'throughput' | 'p50';
  subjects: SubjectResult[];
  notes: string[];
  durationMs: number;
}

export interface Machine {
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  platform: string;
  /** 1-minute load average at the start and at the end of the run (other tenants). */
  loadAverage: [number, number];
}

export interface RunResult {
  startedAt: string;
  /** The router measured: its CLI and the commit it was built from. */
  router: { bin: string; commit: string };
  finishedAt: string;
  mode: 'default' | 'quick';
  machine: Machine;
  settings: Record<string, number | string | boolean>;
  peers: Record<string, string>;
  scenarios: ScenarioResult[];
  targets: TargetResult[];
}

export interface TargetResult {
  id: string;
  goal: string;
  threshold: string;
  measured: string;
  /** The figure compared to the threshold (null when it could not be measured). */
  value: number | null;
  /** null = n/a. */
  met: boolean | null;
  note?: string;
  /** The relay floor's figure for a missed target (already in `measured`). */
  floor?: string;
}

/** A scenario's result before any subject ran: what the scenario says of itself. */
export function newScenarioResult(
  scenario: Scenario,
  subjects: SubjectResult[] = [],
): ScenarioResult {
  return {
    id: scenario.id,
    group: scenario.group,
    title: scenario.title,
    kind: scenario.kind,
    load: scenario.load,
    baseline: scenario.baseline,
    compareBy: scenario.compareBy ?? 'throughput',
    subjects,
    notes: [],
    durationMs: 0,
  };
}

export function emptySubject(spec: Scenario['subjects'][number], label: string): SubjectResult {
  return {
    name: spec.name,
    label,
    kind: spec.kind,
    downstream: spec.downstream,
    upstream: spec.upstream,
    status: 'ok',
    rounds: [],
    errors: 0,
    metrics: {},
  };
}

/** Fills medians, CPU per request and ratios from the rounds. Pure. */
export function reduceScenario(result: ScenarioResult): ScenarioResult {
  for (const s of result.subjects) {
    if (s.status !== 'ok' || s.rounds.length === 0) continue;
    s.throughput = median(s.rounds.map((r) => r.throughput));
    s.latency = medianSummary(s.rounds.map((r) => r.latency));
    s.errors = s.rounds.reduce((n, r) => n + r.errors, 0);
    const cpu = s.rounds.map((r) => r.cpuUs);
    const completed = s.rounds.reduce((n, r) => n + r.completed, 0);
    const perRequest = (values: (number | undefined)[]): number | undefined =>
      values.every((c) => c !== undefined) && completed > 0
        ? (values as number[]).reduce((a, b) => a + b, 0) / completed
        : undefined;
    const server = perRequest(cpu);
    if (server !== undefined) s.cpuUsPerRequest = server;
    const kernel = perRequest(s.rounds.map((r) => r.kernelCpuUs));
    if (kernel !== undefined) s.kernelCpuUsPerRequest = kernel;
    const client = perRequest(s.rounds.map((r) => r.clientCpuUs));
    if (client !== undefined) s.clientCpuUsPerRequest = client;
    const main = perRequest(s.rounds.map((r) => r.mainThreadCpuUs));
    if (main !== undefined) s.metrics.mainThreadCpuUsPerRequest = main;
    const reads = perRequest(s.rounds.map((r) => r.readCalls));
    const writes = perRequest(s.rounds.map((r) => r.writeCalls));
    if (reads !== undefined) s.metrics.readCallsPerRequest = reads;
    if (writes !== undefined) s.metrics.writeCallsPerRequest = writes;
  }
  const base = result.subjects.find((s) => s.name === result.baseline);
  for (const s of result.subjects) {
    if (!base || s.status !== 'ok' || base.status !== 'ok') continue;
    if (result.compareBy === 'p50') {
      if (s.latency && base.latency && base.latency.p50 > 0) {
        // Time per message relative to the baseline, inverted so > 1 means faster.
        s.ratio = base.latency.p50 / s.latency.p50;
      }
    } else if (s.throughput !== undefined && base.throughput) {
      s.ratio = s.throughput / base.throughput;
    }
  }
  return result;
}
