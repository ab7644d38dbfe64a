// The parity table of .ci/steps/conformance-parity (also for tables run by hand): reads
// <work>/<kind>/<path>/<suite>/, the suites' results directories (kinds and paths as found,
// "direct" first), prints passed/run per kind, suite and path, then every scenario that does
// better directly than through mcp-mux. A scenario passes with a SUCCESS and no FAILURE (as
// issue tables count), is neutral without either (only WARNING, INFO or SKIPPED checks: the
// pending server-sse-polling, tasks-status-notifications), and fails otherwise (a FAILURE, or
// no result). A loss is a pass direct that is not a pass through mcp-mux, or a neutral one that
// fails. "+N" after a count: scenarios passing there and not direct. Exits 1 when a loss is not listed in the known losses ("kind/path/suite/scenario").
// Usage: node conformance-parity.cjs <work> "<known losses>"
const fs = require('node:fs');
const path = require('node:path');
const [work, knownList] = process.argv.slice(2);
const known = new Set((knownList ?? '').split(/\s+/).filter(Boolean));
const suites = ['0.1.16', 'a12', 'a12-2026'];
const dirs = (dir) =>
  fs.existsSync(dir)
    ? fs.readdirSync(dir).filter((d) => fs.statSync(path.join(dir, d)).isDirectory())
    : [];
const kinds = dirs(work).sort();

const FAIL = 0;
const NEUTRAL = 1;
const PASS = 2;
/** scenario → PASS, NEUTRAL or FAIL, for one results directory. */
function results(dir) {
  const found = new Map();
  for (const entry of dirs(dir)) {
    const name = /^server-(.+)-\d{4}-\d\d-\d\dT[\d-]+Z$/.exec(entry)?.[1];
    if (!name) continue;
    const file = path.join(dir, entry, 'checks.json');
    const checks = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : [];
    const status = new Set(checks.map((c) => c.status));
    const outcome =
      status.has('FAILURE') || checks.length === 0 ? FAIL : status.has('SUCCESS') ? PASS : NEUTRAL;
    found.set(name, outcome);
  }
  return found;
}

const losses = [];
const rows = [];
const allPaths = new Set();
for (const kind of kinds) {
  const paths = dirs(path.join(work, kind)).sort((a, b) =>
    a === 'direct' ? -1 : b === 'direct' ? 1 : a.localeCompare(b),
  );
  for (const suite of suites) {
    const direct = results(path.join(work, kind, 'direct', suite));
    const cells = {};
    for (const where of paths) {
      allPaths.add(where);
      const got = where === 'direct' ? direct : results(path.join(work, kind, where, suite));
      const run = new Set([...direct.keys(), ...got.keys()]);
      const passed = [...got.values()].filter((o) => o === PASS).length;
      cells[where] = `${passed}/${run.size}`;
      if (where === 'direct') continue;
      let gained = 0;
      for (const [name, outcome] of got)
        if (outcome === PASS && direct.get(name) !== PASS) gained++;
      if (gained > 0) cells[where] += ` +${gained}`;
      for (const [name, outcome] of direct) {
        if ((got.get(name) ?? FAIL) < outcome) losses.push(`${kind}/${where}/${suite}/${name}`);
      }
    }
    rows.push({ kind, suite, cells });
  }
}
const paths = [...allPaths].sort((a, b) =>
  a === 'direct' ? -1 : b === 'direct' ? 1 : a.localeCompare(b),
);
const table = [
  ['upstream', 'suite', ...paths],
  ...rows.map((r) => [r.kind, r.suite, ...paths.map((p) => r.cells[p] ?? '-')]),
];
const widths = table[0].map((_, i) => Math.max(...table.map((r) => r[i].length)));
for (const r of table) console.log(`  ${r.map((c, i) => c.padEnd(widths[i])).join('  ')}`);
const unexpected = losses.filter((l) => !known.has(l));
for (const l of losses)
  console.log(`  ✗ ${l} does better direct than through mcp-mux${known.has(l) ? ' (known)' : ''}`);
for (const l of known)
  if (!losses.includes(l)) console.log(`  ✓ ${l} passes now: remove it from the known losses`);
console.log(
  `conformance parity: ${losses.length} lost through mcp-mux, ${unexpected.length} not known`,
);
process.exit(unexpected.length > 0 ? 1 : 0);
