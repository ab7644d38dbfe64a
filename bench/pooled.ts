#!/usr/bin/env node
/**
 * Several `--compare` runs of the same builds, pooled: one run's nine rounds cannot tell 5%
 * on a host whose identical builds read 5–10% apart (an A/A twin, `=self`, shows it), but the
 * rounds of several runs, each paired with its twin's round of the same run, can.
 *
 *   node dist/bench/pooled.js RUN.json [RUN.json …]
 *
 * For each scenario, each router subject against each of its twins (`mcp-mux@LABEL`), and each
 * twin against the twins listed before it (so `@self` against `@base` reads as an A/B of the
 * same two builds), it takes every round's ratio to the paired round (throughput; router CPU
 * per request) over all the runs, and reports their median with a bootstrap interval of that
 * median (resampled with a fixed seed, so the same files give the same figures). A figure
 * whose interval holds 1.0 is a difference the runs could not see.
 */
import { readFileSync } from 'node:fs';
import { perRequest, roundRatios, twinOf } from './report/compare.js';
import type { RunResult, SubjectResult } from './results.js';
import { median } from './stats/latency.js';

export interface PooledRatio {
  /** Round pairs pooled. */
  pairs: number;
  median: number;
  /** The bootstrap interval of the median (`level`, default 90%). */
  low: number;
  high: number;
}

export interface Pooled {
  scenario: string;
  subject: string;
  against: string;
  runs: number;
  throughput: PooledRatio;
  /** Router CPU per request; undefined when the rounds carry no CPU. */
  cpu: PooledRatio | undefined;
}

export interface BootstrapOptions {
  resamples?: number;
  level?: number;
  seed?: number;
}

/** A small seeded generator (mulberry32): the same files give the same intervals. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The median of `values` and the `level` interval of medians of resamples (with replacement). */
export function bootstrapMedian(
  values: readonly number[],
  options: BootstrapOptions = {},
): { median: number; low: number; high: number } {
  if (values.length === 0) throw new RangeError('no values to pool');
  const { resamples = 2000, level = 0.9, seed = 1 } = options;
  const next = random(seed);
  const medians: number[] = [];
  const sample = new Array<number>(values.length);
  for (let r = 0; r < resamples; r++) {
    for (let i = 0; i < values.length; i++) {
      sample[i] = values[Math.floor(next() * values.length)] as number;
    }
    medians.push(median(sample));
  }
  medians.sort((a, b) => a - b);
  const tail = (1 - level) / 2;
  const at = (q: number): number =>
    medians[
      Math.min(medians.length - 1, Math.max(0, Math.round(q * (medians.length - 1))))
    ] as number;
  return { median: median(values), low: at(tail), high: at(1 - tail) };
}

/** The pairs a scenario's subjects make: each router against its twins, later twins against earlier ones. */
function pairsOf(subjects: readonly SubjectResult[]): [SubjectResult, SubjectResult][] {
  const ok = subjects.filter((s) => s.status === 'ok');
  const byName = new Map(ok.map((s) => [s.name, s]));
  const twins = new Map<string, SubjectResult[]>();
  for (const s of ok) {
    const base = twinOf(s.name);
    if (base === undefined || !byName.has(base)) continue;
    twins.set(base, [...(twins.get(base) ?? []), s]);
  }
  const pairs: [SubjectResult, SubjectResult][] = [];
  for (const [base, list] of twins) {
    const ours = byName.get(base) as SubjectResult;
    list.forEach((twin, i) => {
      pairs.push([ours, twin]);
      for (const earlier of list.slice(0, i)) pairs.push([twin, earlier]);
    });
  }
  return pairs;
}

/** Every pair of every scenario, its round ratios pooled over `runs`. */
export function poolRuns(runs: readonly RunResult[], options: BootstrapOptions = {}): Pooled[] {
  interface Entry {
    scenario: string;
    subject: string;
    against: string;
    runs: number;
    tput: number[];
    /** Undefined once a run lacks CPU: it pools only while every run has it. */
    cpu: number[] | undefined;
  }
  const pooled = new Map<string, Entry>();
  for (const run of runs) {
    for (const scenario of run.scenarios) {
      for (const [a, b] of pairsOf(scenario.subjects)) {
        const tput = roundRatios(a.rounds, b.rounds, (r) => r.throughput);
        if (tput === undefined || tput.length === 0) continue;
        const cpu = roundRatios(a.rounds, b.rounds, perRequest);
        const key = `${scenario.id}\u0000${a.name}\u0000${b.name}`;
        const entry = pooled.get(key) ?? {
          scenario: scenario.id,
          subject: a.name,
          against: b.name,
          runs: 0,
          tput: [],
          cpu: [],
        };
        entry.runs++;
        entry.tput.push(...tput);
        entry.cpu = cpu === undefined ? undefined : entry.cpu?.concat(cpu);
        pooled.set(key, entry);
      }
    }
  }
  const ratio = (values: number[] | undefined): PooledRatio | undefined =>
    values === undefined || values.length === 0
      ? undefined
      : { pairs: values.length, ...bootstrapMedian(values, options) };
  return [...pooled.values()].map((e) => ({
    scenario: e.scenario,
    subject: e.subject,
    against: e.against,
    runs: e.runs,
    throughput: ratio(e.tput) as PooledRatio,
    cpu: ratio(e.cpu),
  }));
}

const x = (v: number): string => `${v.toFixed(3)}×`;
const cell = (r: PooledRatio | undefined): string =>
  r === undefined ? '' : `${x(r.median)} (${x(r.low)}–${x(r.high)})`;

export function renderPooled(rows: readonly Pooled[]): string {
  return [
    '| Scenario | Subject | vs | runs | pairs | req/s, paired median (90% interval) | CPU/req, paired median (90% interval) |',
    '|---|---|---|--:|--:|--:|--:|',
    ...rows.map(
      (r) =>
        `| ${r.scenario} | ${r.subject} | ${r.against} | ${r.runs} | ${r.throughput.pairs} | ${cell(r.throughput)} | ${cell(r.cpu)} |`,
    ),
  ].join('\n');
}

function main(): void {
  const files = process.argv.slice(2);
  if (files.length === 0) {
    process.stderr.write('usage: node dist/bench/pooled.js RUN.json [RUN.json …]\n');
    process.exit(2);
  }
  const runs = files.map((file) => JSON.parse(readFileSync(file, 'utf8')) as RunResult);
  process.stdout.write(`${renderPooled(poolRuns(runs))}\n`);
}

if (process.argv[1]?.endsWith('pooled.js')) main();
