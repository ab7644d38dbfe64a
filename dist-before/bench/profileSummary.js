#!/usr/bin/env node
/**
 * Summarizes a V8 `.cpuprofile` (as written by `node --cpu-prof`, e.g. by
 * `bench/run.js --profile DIR`): the functions with the most self time, and the most
 * inclusive time of functions of this repository, so that hot spots can be read without
 * DevTools.
 *
 *   node dist/bench/profileSummary.js FILE.cpuprofile [--top N]
 */
import { readFileSync } from 'node:fs';
const frameName = (n) => {
    const { functionName, url, lineNumber } = n.callFrame;
    const file = url.replace(/^file:\/\//, '').replace(/^.*\/(dist|node_modules)\//, '$1/');
    return `${functionName || '(anonymous)'} ${file ? `${file}:${lineNumber + 1}` : ''}`.trim();
};
export function summarizeProfile(profile, top = 25) {
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map();
    for (const n of profile.nodes)
        for (const c of n.children ?? [])
            parent.set(c, n.id);
    const selfCount = new Map();
    for (const id of profile.samples)
        selfCount.set(id, (selfCount.get(id) ?? 0) + 1);
    const total = profile.samples.length || 1;
    const ms = (profile.endTime - profile.startTime) / 1000;
    const self = new Map();
    const inclusive = new Map();
    for (const [id, count] of selfCount) {
        const node = byId.get(id);
        if (!node)
            continue;
        self.set(frameName(node), (self.get(frameName(node)) ?? 0) + count);
        // Inclusive: each distinct frame name on the stack once (recursion counted once).
        const seen = new Set();
        for (let at = id; at !== undefined; at = parent.get(at)) {
            const n = byId.get(at);
            if (!n)
                break;
            const name = frameName(n);
            if (seen.has(name))
                continue;
            seen.add(name);
            inclusive.set(name, (inclusive.get(name) ?? 0) + count);
        }
    }
    const rank = (m, keep) => [...m]
        .filter(([name]) => keep(name))
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(([name, count]) => ({ name, share: count / total, ms: (count / total) * ms }));
    return {
        self: rank(self, () => true),
        inclusive: rank(inclusive, (name) => name.includes('dist/') && !name.includes('dist/bench/')),
    };
}
function main() {
    const file = process.argv[2];
    if (!file) {
        process.stderr.write('usage: profileSummary FILE.cpuprofile [--top N]\n');
        process.exit(2);
    }
    const topAt = process.argv.indexOf('--top');
    const top = topAt > 0 ? Number(process.argv[topAt + 1]) : 25;
    const { self, inclusive } = summarizeProfile(JSON.parse(readFileSync(file, 'utf8')), top);
    const print = (title, rows) => {
        process.stdout.write(`\n${title}\n`);
        for (const r of rows) {
            process.stdout.write(`${(r.share * 100).toFixed(1).padStart(5)}%  ${r.ms.toFixed(0).padStart(6)} ms  ${r.name}\n`);
        }
    };
    print('self time', self);
    print('inclusive time (mcp-mux code)', inclusive);
}
if (process.argv[1]?.endsWith('profileSummary.js'))
    main();
//# sourceMappingURL=profileSummary.js.map