#!/usr/bin/env node
/**
 * The retrieval bench: how often `search_tools` finds the tool a task needs.
 *
 *   node dist/bench/retrieval/run.js [--verbose]     (npm run bench:retrieval)
 *
 * Loads `tools.json` (real servers' tool lists, build.ts) into a real `Catalog`, one upstream
 * per server with its key as prefix, and asks the router's own ranker each query of
 * `queries.json` (hand-written tasks with the exposed name(s) that do them). Prints recall@1,
 * recall@5 and MRR (over the first 10); `--verbose` also lists the queries missed at 5.
 * The ranker's weights were set on `queries.json`; `heldout.json` (written later, without
 * looking at the ranker's output) is reported separately as the honest figure and is never
 * tuned on. The exit status checks the target on `queries.json`, the issue's set.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Catalog, toolIndexOf } from '../../core/catalog/index.js';
import type { DatasetTool } from './build.js';
import { retrievalDir } from './dataset.js';

export interface RetrievalQuery {
  query: string;
  /** Exposed names that do the task; a hit on any counts. */
  expected: string[];
}

export interface RetrievalFigures {
  /** The query file (`QUERY_SETS`). */
  set: string;
  tools: number;
  servers: number;
  queries: number;
  recallAt1: number;
  recallAt5: number;
  mrr: number;
  /** Milliseconds to build the index, and per query (median of all queries). */
  buildMs: number;
  queryMs: number;
  missed: { query: string; expected: string[]; got: string[] }[];
}

/** Recall target of the bench (README "Targets"): recall@5 at least this. */
export const RECALL_AT_5_TARGET = 0.9;

/** The query sets: the one the weights were tuned on, and the held-out one. */
export const QUERY_SETS = { tuned: 'queries.json', heldOut: 'heldout.json' } as const;

export function runRetrieval(queriesFile: string = QUERY_SETS.tuned): RetrievalFigures {
  const tools = JSON.parse(readFileSync(join(retrievalDir, 'tools.json'), 'utf8')) as DatasetTool[];
  const queries = JSON.parse(
    readFileSync(join(retrievalDir, queriesFile), 'utf8'),
  ) as RetrievalQuery[];
  const catalog = new Catalog({ separator: '__', maxLength: 64 });
  const servers = [...new Set(tools.map((tool) => tool.server))];
  servers.forEach((server, order) => {
    const items = tools
      .filter((tool) => tool.server === server)
      .map(({ server: _s, source: _o, ...tool }) => tool);
    catalog.setItems(
      { name: server, prefix: server, order, tools: {}, prompts: {} },
      'tools',
      items,
    );
  });
  const started = performance.now();
  const index = toolIndexOf(catalog);
  const buildMs = performance.now() - started;
  const known = new Set(catalog.entries('tools').map((entry) => entry.exposed));
  let at1 = 0;
  let at5 = 0;
  let reciprocal = 0;
  const times: number[] = [];
  const missed: RetrievalFigures['missed'] = [];
  for (const { query, expected } of queries) {
    for (const name of expected) {
      if (!known.has(name)) throw new Error(`${queriesFile}: ${name} is not in tools.json`);
    }
    const t0 = performance.now();
    const got = index.search(query, { limit: 10 }).map((hit) => hit.exposed);
    times.push(performance.now() - t0);
    const rank = got.findIndex((name) => expected.includes(name));
    if (rank === 0) at1++;
    if (rank >= 0 && rank < 5) at5++;
    else missed.push({ query, expected, got: got.slice(0, 5) });
    if (rank >= 0) reciprocal += 1 / (rank + 1);
  }
  times.sort((a, b) => a - b);
  const n = queries.length;
  return {
    set: queriesFile,
    tools: known.size,
    servers: servers.length,
    queries: n,
    recallAt1: at1 / n,
    recallAt5: at5 / n,
    mrr: reciprocal / n,
    buildMs,
    queryMs: times[Math.floor(n / 2)] ?? 0,
    missed,
  };
}

/** The report's lines (also used by `bench/run.ts --only retrieval`). */
export function retrievalReport(figures: RetrievalFigures, verbose = false): string {
  const f = (x: number) => x.toFixed(3);
  const lines = [
    `retrieval (${figures.set}${figures.set === QUERY_SETS.heldOut ? ', held out' : ', tuned on'}): ` +
      `${figures.queries} queries over ${figures.tools} tools of ${figures.servers} servers`,
    `recall@1 ${f(figures.recallAt1)}  recall@5 ${f(figures.recallAt5)}  MRR@10 ${f(figures.mrr)}` +
      `  (target recall@5 ≥ ${RECALL_AT_5_TARGET}: ${figures.recallAt5 >= RECALL_AT_5_TARGET ? 'met' : 'MISSED'})`,
    `index build ${figures.buildMs.toFixed(1)} ms, median query ${(figures.queryMs * 1000).toFixed(0)} µs`,
  ];
  if (verbose) {
    for (const miss of figures.missed) {
      lines.push(
        `  missed: "${miss.query}" want ${miss.expected.join('|')} got ${miss.got.join(', ')}`,
      );
    }
  }
  return lines.join('\n');
}

/** Both query sets' report; false when the tuned set misses the target. */
export function reportBothSets(verbose = false): { text: string; met: boolean } {
  const tuned = runRetrieval(QUERY_SETS.tuned);
  const heldOut = runRetrieval(QUERY_SETS.heldOut);
  return {
    text: `${retrievalReport(tuned, verbose)}\n${retrievalReport(heldOut, verbose)}`,
    met: tuned.recallAt5 >= RECALL_AT_5_TARGET,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { text, met } = reportBothSets(process.argv.includes('--verbose'));
  process.stdout.write(`${text}\n`);
  if (!met) process.exitCode = 1;
}
