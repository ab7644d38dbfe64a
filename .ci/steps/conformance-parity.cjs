// The parity table of .ci/steps/conformance-parity: reads <work>/<kind>/<path>/<suite>/ (the
// suites' results directories), prints passed/scored per kind, suite and path, then every
// scenario that passes direct and fails (or has no result) through mcp-mux. Exits 1 when such
// a loss is not listed in the known losses ("kind/path/suite/scenario", space-separated).
// Usage: node conformance-parity.cjs <work> <2026-07-28 requirements.yaml> "<known losses>"
const fs = require('node:fs');
const path = require('node:path');
const [work, requirements, knownList] = process.argv.slice(2);
const known = new Set((knownList ?? '').split(/\s+/).filter(Boolean));
const block = /^server:\n((?:\s+- .+\n)+)/m.exec(fs.readFileSync(requirements, 'utf8'))?.[1];
const required2026 = new Set([...(block ?? '').matchAll(/- (\S+)/g)].map((m) => m[1]));
const kinds = ['dual-era', 'modern', 'legacy'];
const paths = ['direct', 'mux-stdio', 'mux-http'];
const suites = ['0.1.16', 'a12', 'a12-2026'];

/** scenario → true (passed) / false (a failed check), for one results directory. */
function results(dir, suite) {
  const found = new Map();
  for (const entry of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    const name = /^server-(.+)-\d{4}-\d\d-\d\dT[\d-]+Z$/.exec(entry)?.[1];
    if (!name || (suite === 'a12-2026' && !required2026.has(name))) continue;
    const file = path.join(dir, entry, 'checks.json');
    const checks = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : [];
    found.set(name, checks.length > 0 && !checks.some((c) => c.status === 'FAILURE'));
  }
  return found;
}

const losses = [];
const rows = [];
for (const kind of kinds) {
  for (const suite of suites) {
    const direct = results(path.join(work, kind, 'direct', suite), suite);
    const cells = [];
    for (const where of paths) {
      const got = where === 'direct' ? direct : results(path.join(work, kind, where, suite), suite);
      const scored = new Set([...direct.keys(), ...got.keys()]);
      cells.push(`${[...got.values()].filter(Boolean).length}/${scored.size}`);
      if (where === 'direct') continue;
      for (const [name, passed] of direct) {
        if (passed && got.get(name) !== true) losses.push(`${kind}/${where}/${suite}/${name}`);
      }
    }
    rows.push([kind, suite, ...cells]);
  }
}
const header = ['upstream', 'suite', ...paths];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (r) => `  ${r.map((c, i) => c.padEnd(widths[i])).join('  ')}`;
console.log(line(header));
for (const r of rows) console.log(line(r));
const unexpected = losses.filter((l) => !known.has(l));
for (const l of losses)
  console.log(`  ✗ ${l} passes direct, fails through mcp-mux${known.has(l) ? ' (known)' : ''}`);
for (const l of known)
  if (!losses.includes(l)) console.log(`  ✓ ${l} passes now: remove it from the known losses`);
console.log(
  `conformance parity: ${losses.length} lost through mcp-mux, ${unexpected.length} not known`,
);
process.exit(unexpected.length > 0 ? 1 : 0);
