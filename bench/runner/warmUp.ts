/**
 * Warm-up until the subject's CPU per request settles: closed-loop windows of the scenario's
 * own load, each measuring the CPU per completed request of the measured process (/proc);
 * warm when the last `windows` windows lie within `tolerance` of each other (max / min − 1)
 * after at least `minRequests` requests, or when `maxMs` of its own load has passed (capped).
 * A fixed warm-up measured JIT compilation in the first rounds: the router's CPU per request
 * over HTTP falls for ~10 s of load. A subject whose CPU cannot be read is judged on throughput instead.
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
 * The settling rule applied to one subject's windows as they come (see the file header):
 * `add` each window's figures; `result` is set once the subject is warm or capped.
 */
export class Settling {
  readonly #settings: WarmupSettings;
  /** The subject's own load so far (its windows), ms: the cap counts no other subject's. */
  #ms = 0;
  readonly #figures: number[] = [];
  #requests = 0;
  #unit: WarmupResult['unit'] = 'cpu';
  result: WarmupResult | undefined;

  constructor(settings: WarmupSettings) {
    this.#settings = settings;
  }

  /** One window's figures and its length, ms. */
  add(r: WarmupWindow, windowMs: number): void {
    if (this.result !== undefined) return;
    this.#ms += windowMs;
    const settings = this.#settings;
    const figures = this.#figures;
    this.#requests += r.completed;
    if (r.cpuPerCall !== undefined && this.#unit === 'cpu') figures.push(r.cpuPerCall);
    else {
      if (this.#unit === 'cpu') figures.length = 0;
      this.#unit = 'throughput';
      figures.push(r.throughput);
    }
    const settled =
      this.#requests >= settings.minRequests &&
      hasSettled(figures, settings.windows, settings.tolerance);
    if (settled || this.#ms >= settings.maxMs) {
      const last = figures.slice(-settings.windows);
      this.result = { settled, ms: this.#ms, requests: this.#requests, last, unit: this.#unit };
    }
  }
}

/**
 * Runs `window` (one window of the scenario's own load, `windowMs` long) until the figure
 * settles (see the file header): CPU per call while it can be read, else throughput.
 */
export async function settle(
  window: (ms: number) => Promise<WarmupWindow>,
  settings: WarmupSettings,
): Promise<WarmupResult> {
  const settling = new Settling(settings);
  // Bounded: every window takes windowMs, and `Settling` stops at maxMs.
  while (settling.result === undefined) {
    const started = performance.now();
    const w = await window(settings.windowMs);
    settling.add(w, performance.now() - started);
  }
  return settling.result;
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

/**
 * One subject's warm-up window: a closed loop of `call` on process `pid` for `durationMs`,
 * judged on its CPU per call (on throughput when `pid` is unknown).
 */
export const loadWindow =
  (pid: number | undefined, inFlight: number, call: (i: number) => Promise<unknown>) =>
  async (durationMs: number): Promise<WarmupWindow> => {
    const cpu0 = pid === undefined ? undefined : readCpuTimes(pid);
    const r = await runClosedLoop({ inFlight, durationMs, call });
    const cpu1 = pid === undefined ? undefined : readCpuTimes(pid);
    if (r.completed === 0) throw new Error(r.firstError ?? 'no request completed in warm-up');
    const cpuPerCall =
      cpu0 === undefined || cpu1 === undefined
        ? undefined
        : (cpu1.user + cpu1.kernel - cpu0.user - cpu0.kernel) / r.completed;
    return { completed: r.completed, cpuPerCall, throughput: r.throughput };
  };

type Window = (ms: number) => Promise<WarmupWindow>;

/**
 * Warms several subjects in turns (`windows[i]`: one window of subject i): each pass gives
 * every subject one window, and passes go on until every subject is warm or capped. A subject
 * that settled early keeps its turns (unjudged), so none sits idle for long while another
 * warms. Warmed one after another, three identical routers measured 5–16% dearer than the
 * one warmed first, which had idled through their warm-ups (two runs; warmed in turns, within
 * 5%: bench/notes/2026-11-29-warm-up-order.md). Returns each subject's result, or the error
 * that failed it (a failed subject takes no more turns).
 */
export async function warmUpInTurns(
  windows: readonly Window[],
  settings: WarmupSettings,
): Promise<(WarmupResult | Error)[]> {
  const settling = windows.map(() => new Settling(settings));
  const failed: (Error | undefined)[] = windows.map(() => undefined);
  const warming = (i: number): boolean =>
    failed[i] === undefined && settling[i]?.result === undefined;
  // Bounded: each pass gives a window to every subject still warming, and each subject's
  // `Settling` ends once its own windows add up to maxMs.
  while (windows.some((_, i) => warming(i))) {
    for (const [i, window] of windows.entries()) {
      if (failed[i] !== undefined) continue;
      try {
        const started = performance.now();
        const w = await window(settings.windowMs);
        settling[i]?.add(w, performance.now() - started);
      } catch (e) {
        failed[i] = e instanceof Error ? e : new Error(String(e));
      }
    }
  }
  return windows.map((_, i) => failed[i] ?? (settling[i]?.result as WarmupResult));
}

/** `mcp-mux: 3.1 s, 41k requests, settled at 12.1–12.5 µs/req` (a scenario note). */
export function describeWarmup(label: string, w: WarmupResult): string {
  const figs = w.last.map((v) => (w.unit === 'cpu' ? v.toFixed(1) : Math.round(v).toString()));
  const range = `${Math.min(...w.last).toFixed(1)}–${Math.max(...w.last).toFixed(1)}`;
  const unit = w.unit === 'cpu' ? 'µs/req' : 'req/s';
  return `${label}: ${(w.ms / 1000).toFixed(1)} s, ${w.requests} requests, ${w.settled ? 'settled' : 'capped'} (${w.unit === 'cpu' ? range : figs.join(', ')} ${unit})`;
}
