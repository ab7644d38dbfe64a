/**
 * Warm-up until the subject's CPU per request settles: closed-loop windows of the scenario's
 * own load, each measuring the CPU per completed request of the measured process (/proc);
 * warm when the last `windows` windows lie within `tolerance` of each other (max / min − 1)
 * after at least `minRequests` requests, or when `maxMs` has passed (capped). A fixed warm-up
 * measured JIT compilation in the first rounds: the router's CPU per request over HTTP falls
 * for ~10 s of load. A subject whose CPU cannot be read is judged on throughput instead.
 */
import { runClosedLoop } from '../client/closedLoop.js';
import { readCpuTimes } from '../stats/procStats.js';

export interface WarmupSettings {
  /** Length of one window. */
  windowMs: number;
  /** Consecutive windows that must agree. */
  windows: number;
  /** Largest spread between them, as a fraction (0.05: within 5%). */
  tolerance: number;
  /** Requests completed before the subject may count as warm. */
  minRequests: number;
  /** Cap: warm-up stops here, settled or not. */
  maxMs: number;
}

export interface WarmupResult {
  settled: boolean;
  ms: number;
  requests: number;
  /** The figure judged in the last windows: CPU µs per request (or req/s without a pid). */
  last: number[];
  unit: 'cpu' | 'throughput';
}

/** max / min − 1 of positive figures (Infinity when one is not positive). */
export function spread(values: readonly number[]): number {
  const min = Math.min(...values);
  const max = Math.max(...values);
  return min > 0 ? max / min - 1 : Number.POSITIVE_INFINITY;
}

/** True when the last `n` figures agree within `tolerance` (pure: unit-tested). */
export function hasSettled(figures: readonly number[], n: number, tolerance: number): boolean {
  return figures.length >= n && spread(figures.slice(-n)) <= tolerance;
}

/** One warm-up window: the calls it completed and the figure judged (undefined: none to read). */
export interface WarmupWindow {
  completed: number;
  /** CPU µs per completed call, or undefined when the CPU cannot be read. */
  cpuPerCall: number | undefined;
  throughput: number;
}

/**
 * Runs `window` (one window of the scenario's own load, `windowMs` long) until the figure
 * settles (see the file header): CPU per call while it can be read, else throughput.
 */
export async function settle(
  window: (ms: number) => Promise<WarmupWindow>,
  settings: WarmupSettings,
): Promise<WarmupResult> {
  const started = performance.now();
  const figures: number[] = [];
  let requests = 0;
  let unit: WarmupResult['unit'] = 'cpu';
  // Bounded: every window takes windowMs, and the loop stops at maxMs.
  for (;;) {
    const r = await window(settings.windowMs);
    requests += r.completed;
    if (r.cpuPerCall !== undefined && unit === 'cpu') figures.push(r.cpuPerCall);
    else {
      if (unit === 'cpu') figures.length = 0;
      unit = 'throughput';
      figures.push(r.throughput);
    }
    const ms = performance.now() - started;
    const settled =
      requests >= settings.minRequests && hasSettled(figures, settings.windows, settings.tolerance);
    if (settled || ms >= settings.maxMs) {
      return { settled, ms, requests, last: figures.slice(-settings.windows), unit };
    }
  }
}

/**
 * The warm-up of a set of `instances` processes sharing one load, given what one process of
 * the same kind needed (`requestsPerInstance`, the requests a one-instance set's warm-up took):
 * each instance must serve as many requests as the lone one did before the set may count as
 * warm, each window carries the same requests per instance, and the cap grows alike. Each of
 * N instances sees 1/N of the calls, so its JIT reaches the same tier N times later: a set
 * judged on its first seconds measured compilation (three instances: 449 µs per call after
 * 8 s of load, 361 µs after 40 s; one instance 276 µs at both).
 */
export function scaledForInstances(
  settings: WarmupSettings,
  instances: number,
  requestsPerInstance: number,
): WarmupSettings {
  if (instances <= 1) return settings;
  return {
    ...settings,
    windowMs: settings.windowMs * instances,
    minRequests: Math.max(settings.minRequests, requestsPerInstance) * instances,
    maxMs: settings.maxMs * instances,
  };
}

/** `settle` for one process (`pid`, else judged on throughput) under a closed loop of `call`. */
export function warmUp(
  pid: number | undefined,
  inFlight: number,
  call: (i: number) => Promise<unknown>,
  settings: WarmupSettings,
): Promise<WarmupResult> {
  return settle(async (durationMs) => {
    const cpu0 = pid === undefined ? undefined : readCpuTimes(pid);
    const r = await runClosedLoop({ inFlight, durationMs, call });
    const cpu1 = pid === undefined ? undefined : readCpuTimes(pid);
    if (r.completed === 0) throw new Error(r.firstError ?? 'no request completed in warm-up');
    const cpuPerCall =
      cpu0 === undefined || cpu1 === undefined
        ? undefined
        : (cpu1.user + cpu1.kernel - cpu0.user - cpu0.kernel) / r.completed;
    return { completed: r.completed, cpuPerCall, throughput: r.throughput };
  }, settings);
}

/** `mcp-mux: 3.1 s, 41k requests, settled at 12.1–12.5 µs/req` (a scenario note). */
export function describeWarmup(label: string, w: WarmupResult): string {
  const figs = w.last.map((v) => (w.unit === 'cpu' ? v.toFixed(1) : Math.round(v).toString()));
  const range = `${Math.min(...w.last).toFixed(1)}–${Math.max(...w.last).toFixed(1)}`;
  const unit = w.unit === 'cpu' ? 'µs/req' : 'req/s';
  return `${label}: ${(w.ms / 1000).toFixed(1)} s, ${w.requests} requests, ${w.settled ? 'settled' : 'capped'} (${w.unit === 'cpu' ? range : figs.join(', ')} ${unit})`;
}
