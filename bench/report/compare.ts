/**
 * This build against the others of a `--compare` run, subject by subject: each router subject
 * and its twin (`mcp-mux@LABEL`, or `<variant> mcp-mux@LABEL`) ran in the same interleaved
 * rounds, so round r of one sits seconds from round r of the other. Besides the ratio of their
 * medians (what the main table shows), the ratio of each round to its twin's is taken and its
 * median reported with its range: a machine whose speed drifts between rounds moves both
 * sides of a pair together, and the paired median keeps what the builds differ by.
 */
import type { RoundResult, RunResult, SubjectResult } from '../results.js';
import { median } from '../stats/latency.js';

export interface Comparison {
  scenario: string;
  subject: string;
  twin: string;
  /** Rounds paired (both sides ok, the same count). */
  pairs: number;
  throughput: PairedRatio;
  /** Router CPU per request; undefined when the rounds carry no CPU. */
  cpu: PairedRatio | undefined;
}

export interface PairedRatio {
  /** Median of this build's rounds over the median of the twin's. */
  ofMedians: number;
  /** Median of the per-round ratios, and their smallest and largest. */
  paired: number;
  min: number;
  max: number;
}

/** `mcp-mux@x` → `mcp-mux`; `mcp-mux ×100 mcp-mux@x` → `mcp-mux ×100`; else undefined. */
export function twinOf(name: string): string | undefined {
  if (/^mcp-mux@\S+$/.test(name)) return 'mcp-mux';
  const match = /^(.+) mcp-mux@\S+$/.exec(name);
  return match?.[1];
}

/** Round r of `ours` over round r of `theirs`; undefined when the counts differ or a round lacks the figure. */
export function roundRatios(
  ours: readonly RoundResult[],
  theirs: readonly RoundResult[],
  figure: (round: RoundResult) => number | undefined,
): number[] | undefined {
  if (ours.length !== theirs.length) return undefined;
  const ratios: number[] = [];
  for (let i = 0; i < ours.length; i++) {
    const x = figure(ours[i] as RoundResult);
    const y = figure(theirs[i] as RoundResult);
    if (x === undefined || y === undefined || !(y > 0)) return undefined;
    ratios.push(x / y);
  }
  return ratios;
}

function paired(
  ours: readonly RoundResult[],
  theirs: readonly RoundResult[],
  figure: (round: RoundResult) => number | undefined,
): PairedRatio | undefined {
  const ratios = roundRatios(ours, theirs, figure);
  if (ratios === undefined || ratios.length === 0) return undefined;
  return {
    ofMedians: median(ours.map(figure) as number[]) / median(theirs.map(figure) as number[]),
    paired: median(ratios),
    min: Math.min(...ratios),
    max: Math.max(...ratios),
  };
}

/** Router CPU per request of a round; undefined when it carries none. */
export const perRequest = (round: RoundResult): number | undefined =>
  round.cpuUs === undefined || round.completed === 0 ? undefined : round.cpuUs / round.completed;

/** Every subject of the run that has a twin from another build, paired round by round. */
export function compareBuilds(run: RunResult): Comparison[] {
  const out: Comparison[] = [];
  for (const s of run.scenarios) {
    const byName = new Map<string, SubjectResult>(s.subjects.map((x) => [x.name, x]));
    for (const twin of s.subjects) {
      const base = twinOf(twin.name);
      const ours = base === undefined ? undefined : byName.get(base);
      if (ours === undefined || ours.status !== 'ok' || twin.status !== 'ok') continue;
      if (ours.rounds.length !== twin.rounds.length) continue;
      const throughput = paired(ours.rounds, twin.rounds, (r) => r.throughput);
      if (throughput === undefined) continue;
      out.push({
        scenario: s.id,
        subject: ours.name,
        twin: twin.name,
        pairs: ours.rounds.length,
        throughput,
        cpu: paired(ours.rounds, twin.rounds, perRequest),
      });
    }
  }
  return out;
}

const x = (v: number): string => `${v.toFixed(2)}×`;
const cell = (r: PairedRatio | undefined): string =>
  r === undefined ? '' : `${x(r.ofMedians)} | ${x(r.paired)} (${x(r.min)}–${x(r.max)})`;

/** The markdown section (empty when the run compared no builds). */
export function renderComparisons(run: RunResult, heading: string): string[] {
  const rows = compareBuilds(run);
  if (rows.length === 0) return [];
  return [
    `${heading} Against other builds (\`--compare\`)`,
    '',
    "This build over the other, from the same rounds: the ratio of medians, and the median (range) of the ratios of round r to the twin's round r. Router CPU is per request (lower is cheaper).",
    '',
    '| Scenario | Subject | vs | req/s, of medians | req/s, paired | CPU/req, of medians | CPU/req, paired |',
    '|---|---|---|--:|--:|--:|--:|',
    ...rows.map(
      (c) =>
        `| ${c.scenario} | ${c.subject} | ${c.twin} | ${cell(c.throughput)} | ${c.cpu === undefined ? ' | ' : cell(c.cpu)} |`,
    ),
    '',
  ];
}
