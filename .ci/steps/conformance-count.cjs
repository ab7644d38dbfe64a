// Counts a conformance results directory: scenario → failed or passed, over the scenarios a
// requirements file scores (its `server:` list) or every scenario found when none is given.
// Usage: node conformance-count.cjs <results-dir> <label> [requirements.yaml]
// Prints the failed scenarios with their failed checks, then "<label>: N passed, M failed".
const fs = require('node:fs');
const path = require('node:path');
const [dir, label, requirements] = process.argv.slice(2);
let scored;
if (requirements) {
  const text = fs.readFileSync(requirements, 'utf8');
  const block = /^server:\n((?:\s+- .+\n)+)/m.exec(text)?.[1] ?? '';
  scored = new Set([...block.matchAll(/- (\S+)/g)].map((m) => m[1]));
}
const scenarios = new Map();
for (const entry of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
  const name = /^server-(.+)-\d{4}-\d\d-\d\dT[\d-]+Z$/.exec(entry)?.[1];
  if (!name || (scored && !scored.has(name))) continue;
  const checks = JSON.parse(fs.readFileSync(path.join(dir, entry, 'checks.json'), 'utf8'));
  scenarios.set(name, checks);
}
const failed = [...scenarios].filter(([, checks]) => checks.some((c) => c.status === 'FAILURE'));
for (const [name, checks] of failed) {
  console.log(`  ✗ ${name}`);
  for (const c of checks.filter((c) => c.status === 'FAILURE')) {
    console.log(`      ${c.name}: ${String(c.errorMessage ?? c.description).slice(0, 300)}`);
  }
}
const missing = scored ? [...scored].filter((name) => !scenarios.has(name)) : [];
if (missing.length > 0) console.log(`  no result for: ${missing.join(' ')}`);
console.log(
  `${label}: ${scenarios.size - failed.length} passed, ${failed.length + missing.length} failed`,
);
