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
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Catalog, toolIndexOf } from '../../core/catalog/index.js';
import { retrievalDir } from './dataset.js';
/** Recall target of the bench (README "Targets"): recall@5 at least this. */
export const RECALL_AT_5_TARGET = 0.9;
export function runRetrieval() {
    const tools = JSON.parse(readFileSync(join(retrievalDir, 'tools.json'), 'utf8'));
    const queries = JSON.parse(readFileSync(join(retrievalDir, 'queries.json'), 'utf8'));
    const catalog = new Catalog({ separator: '__', maxLength: 64 });
    const servers = [...new Set(tools.map((tool) => tool.server))];
    servers.forEach((server, order) => {
        const items = tools
            .filter((tool) => tool.server === server)
            .map(({ server: _s, source: _o, ...tool }) => tool);
        catalog.setItems({ name: server, prefix: server, order, tools: {}, prompts: {} }, 'tools', items);
    });
    const started = performance.now();
    const index = toolIndexOf(catalog);
    const buildMs = performance.now() - started;
    const known = new Set(catalog.entries('tools').map((entry) => entry.exposed));
    let at1 = 0;
    let at5 = 0;
    let reciprocal = 0;
    const times = [];
    const missed = [];
    for (const { query, expected } of queries) {
        for (const name of expected) {
            if (!known.has(name))
                throw new Error(`queries.json: ${name} is not in tools.json`);
        }
        const t0 = performance.now();
        const got = index.search(query, { limit: 10 }).map((hit) => hit.exposed);
        times.push(performance.now() - t0);
        const rank = got.findIndex((name) => expected.includes(name));
        if (rank === 0)
            at1++;
        if (rank >= 0 && rank < 5)
            at5++;
        else
            missed.push({ query, expected, got: got.slice(0, 5) });
        if (rank >= 0)
            reciprocal += 1 / (rank + 1);
    }
    times.sort((a, b) => a - b);
    const n = queries.length;
    return {
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
export function retrievalReport(figures, verbose = false) {
    const f = (x) => x.toFixed(3);
    const lines = [
        `retrieval: ${figures.queries} queries over ${figures.tools} tools of ${figures.servers} servers`,
        `recall@1 ${f(figures.recallAt1)}  recall@5 ${f(figures.recallAt5)}  MRR@10 ${f(figures.mrr)}` +
            `  (target recall@5 ≥ ${RECALL_AT_5_TARGET}: ${figures.recallAt5 >= RECALL_AT_5_TARGET ? 'met' : 'MISSED'})`,
        `index build ${figures.buildMs.toFixed(1)} ms, median query ${(figures.queryMs * 1000).toFixed(0)} µs`,
    ];
    if (verbose) {
        for (const miss of figures.missed) {
            lines.push(`  missed: "${miss.query}" want ${miss.expected.join('|')} got ${miss.got.join(', ')}`);
        }
    }
    return lines.join('\n');
}
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
    const figures = runRetrieval();
    process.stdout.write(`${retrievalReport(figures, process.argv.includes('--verbose'))}\n`);
    if (figures.recallAt5 < RECALL_AT_5_TARGET)
        process.exitCode = 1;
}
//# sourceMappingURL=run.js.map