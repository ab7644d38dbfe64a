#!/usr/bin/env node
import { execFileSync } from 'node:child_process';
/**
 * The benchmark suite (`npm run bench`):
 *
 *   node dist/bench/run.js [--quick] [--out DIR] [--only id,id…] [--rounds N] [--round-ms N]
 *                          [--no-install] [--no-readme] [--profile DIR] [--wait-idle MIN]
 *                          [--warmup-max-ms N] [--compare BIN=LABEL] [--replicas N] [--pin CPU|off]
 *   node dist/bench/run.js --report results/<timestamp>.json   (re-render a saved run)
 *
 * Runs the scenarios of bench/scenarios.ts, prints progress on stderr, and writes
 * <out>/<timestamp>.{json,md} with two SVG charts, copied to <out>/latest.*. With the default
 * output directory (bench/results) it also refreshes the table in bench/README.md.
 * `--quick` is the CI smoke run: a subset, one short round, no peer installation.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { killAllChildren } from './childRegistry.js';
import { benchReadme, muxBinPath, repoRoot, resultsDir } from './paths.js';
import { latencyChart, throughputChart } from './report/charts.js';
import { renderMarkdown } from './report/markdown.js';
import { replaceLatest } from './report/readme.js';
import { renderBarChart } from './report/svgChart.js';
import type { RunResult, ScenarioResult } from './results.js';
import { reportBothSets } from './retrieval/run.js';
import { type PinMode, parsePin } from './runner/cpuPin.js';
import { runClusterScenario } from './runner/runCluster.js';
import { type RunSettings, runLoadScenario } from './runner/runLoad.js';
import { runMemoryScenario } from './runner/runMemory.js';
import { runStartupScenario } from './runner/runStartup.js';
import { type Scenario, scenarios } from './scenarios.js';
import { ensurePeers } from './subjects/peers.js';
import { evaluateTargets } from './targets.js';

interface Options {
  quick: boolean;
  out: string;
  only: string[];
  install: boolean;
  readme: boolean;
  rounds?: number;
  roundMs?: number;
  /** Directory for V8 CPU profiles of the router (`--profile`). */
  profileDir?: string;
  /** Wait up to this many minutes for the machine to be quiet before starting. */
  waitIdleMinutes?: number;
  /** Re-render the report of a saved run (targets, tables, charts) instead of running. */
  report?: string;
  /** Cap of each subject's warm-up (`--warmup-max-ms`). */
  warmupMaxMs?: number;
  /** Other builds of the router measured beside this one in the same rounds (`--compare`). */
  compare: { bin: string; name: string }[];
  /** Processes per router subject (`--replicas`; default 3 with `--compare`, else 1). */
  replicas: number;
  /** One-in-flight rows on one vCPU (`--pin`; default vCPU 0 with `--compare`, else off). */
  pin: PinMode;
}

function parseArgs(argv: string[]): Options {
  let replicas: number | undefined;
  let pin: PinMode | undefined;
  const o: Omit<Options, 'replicas' | 'pin'> = {
    quick: false,
    out: resultsDir,
    only: [],
    install: true,
    readme: true,
    compare: [],
  };
  let outGiven = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--quick') o.quick = true;
    else if (a === '--out') {
      o.out = resolve(next());
      outGiven = true;
    } else if (a === '--only') o.only = next().split(',').filter(Boolean);
    else if (a === '--rounds') o.rounds = Number(next());
    else if (a === '--round-ms') o.roundMs = Number(next());
    else if (a === '--warmup-max-ms') o.warmupMaxMs = Number(next());
    else if (a === '--replicas') {
      replicas = Number(next());
      if (!Number.isInteger(replicas) || replicas < 1) throw new Error('--replicas takes N ≥ 1');
    } else if (a === '--pin') pin = parsePin(next());
    else if (a === '--no-install') o.install = false;
    else if (a === '--install') o.install = true;
    else if (a === '--no-readme') o.readme = false;
    else if (a === '--profile') o.profileDir = resolve(next());
    else if (a === '--wait-idle') o.waitIdleMinutes = Number(next());
    else if (a === '--report') o.report = resolve(next());
    else if (a === '--compare') {
      const [bin = '', name = 'base'] = next().split('=');
      o.compare.push({ bin: resolve(bin), name: `mcp-mux@${name}` });
    } else throw new Error(`unknown option ${a}`);
  }
  if (o.quick && !argv.includes('--install')) o.install = false;
  // A comparison of builds is what a few percent must be told apart in: several processes
  // per build, and one-in-flight rows on one vCPU (runner/cpuPin.ts says why).
  const comparing = o.compare.length > 0;
  // Only the canonical results directory feeds the README.
  if (outGiven && resolve(o.out) !== resolve(resultsDir)) o.readme = false;
  return {
    ...o,
    replicas: replicas ?? (comparing ? 3 : 1),
    pin: pin ?? (comparing ? { cpu: 0 } : 'off'),
  };
}

/** `MCP_MUX_COMMIT` when the router is another build (`MCP_MUX_BIN`), else this checkout's HEAD. */
function routerCommit(): string {
  if (process.env.MCP_MUX_COMMIT) return process.env.MCP_MUX_COMMIT;
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: repoRoot,
    }).toString();
    return head.trim();
  } catch {
    return 'unknown';
  }
}

const log = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

function select(options: Options): Scenario[] {
  return scenarios.filter((s) => {
    if (options.only.length > 0) return options.only.some((p) => s.id.startsWith(p));
    return !options.quick || s.quick === true;
  });
}

/**
 * `--compare` (repeatable): every router subject gets a twin run from each other build, in the
 * same rounds: `mcp-mux@LABEL`, or `<variant> mcp-mux@LABEL` for a named variant (`mcp-mux ×100`,
 * `metrics on`), whose ratio to its own build's baseline is read from the JSON.
 */
function withCompare(s: Scenario, compare: Options['compare']): Scenario {
  const twins = s.subjects
    .filter((x) => x.kind === 'mcp-mux')
    .flatMap((x) =>
      compare.map((c) => ({
        ...x,
        name: x.name === 'mcp-mux' ? c.name : `${x.name} ${c.name}`,
        bin: c.bin,
      })),
    );
  return twins.length === 0 ? s : { ...s, subjects: [...s.subjects, ...twins] };
}

function quickVariant(s: Scenario): Scenario {
  if (!s.id.startsWith('upstreams')) return s;
  // 100 upstream processes take seconds to spawn on two cores: the smoke run stops at 10.
  return { ...s, subjects: s.subjects.filter((x) => (x.upstreams ?? 1) <= 10) };
}

function writeResults(run: RunResult, out: string, updateReadme: boolean): string {
  mkdirSync(out, { recursive: true });
  const stamp = run.startedAt.replace(/[:.]/g, '-');
  const svgT = renderBarChart(throughputChart(run));
  const svgL = renderBarChart(latencyChart(run));
  const files: [string, string][] = [
    [`${stamp}.json`, `${JSON.stringify(run, null, 2)}\n`],
    [`${stamp}-throughput.svg`, svgT],
    [`${stamp}-latency.svg`, svgL],
    [
      `${stamp}.md`,
      `# mcp-mux benchmark\n\n${renderMarkdown(run, { charts: { throughput: `${stamp}-throughput.svg`, latency: `${stamp}-latency.svg` } })}`,
    ],
    [
      'latest.md',
      `# mcp-mux benchmark\n\n${renderMarkdown(run, { charts: { throughput: 'latest-throughput.svg', latency: 'latest-latency.svg' } })}`,
    ],
  ];
  for (const [name, text] of files) writeFileSync(join(out, name), text);
  copyFileSync(join(out, `${stamp}.json`), join(out, 'latest.json'));
  copyFileSync(join(out, `${stamp}-throughput.svg`), join(out, 'latest-throughput.svg'));
  copyFileSync(join(out, `${stamp}-latency.svg`), join(out, 'latest-latency.svg'));
  if (updateReadme) {
    const table = renderMarkdown(run, {
      level: 3,
      charts: {
        throughput: 'results/latest-throughput.svg',
        latency: 'results/latest-latency.svg',
      },
    });
    writeFileSync(benchReadme, replaceLatest(readFileSync(benchReadme, 'utf8'), table));
  }
  return join(out, `${stamp}.md`);
}

/**
 * Other tenants of a shared machine distort every figure: wait (bounded) until the 1-minute
 * load average is below 40% of the cores.
 */
async function waitForIdle(minutes: number): Promise<void> {
  const threshold = Math.max(0.5, cpus().length * 0.4);
  const deadline = Date.now() + minutes * 60_000;
  let last = 0;
  while (loadavg()[0]! > threshold && Date.now() < deadline) {
    if (Date.now() - last > 30_000) {
      log(`waiting for the machine to be quiet: load ${loadavg()[0]!.toFixed(2)} > ${threshold}`);
      last = Date.now();
    }
    await new Promise((r) => setTimeout(r, 5000));
  }
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  if (options.report) {
    const saved = JSON.parse(readFileSync(options.report, 'utf8')) as RunResult;
    saved.targets = evaluateTargets(saved.scenarios);
    log(`re-rendered: ${writeResults(saved, options.out, options.readme)}`);
    return;
  }
  if (options.only.includes('retrieval')) {
    // The retrieval bench (bench/retrieval/) is no load scenario: its figures are printed.
    const { text, met } = reportBothSets();
    process.stdout.write(`${text}\n`);
    if (!met) process.exitCode = 1;
    options.only = options.only.filter((id) => id !== 'retrieval');
    if (options.only.length === 0) return;
  }
  if (options.waitIdleMinutes) await waitForIdle(options.waitIdleMinutes);
  const settings: RunSettings & { parkMs: number } = options.quick
    ? {
        rounds: 1,
        roundMs: 400,
        warmupMs: 200,
        warmup: { windowMs: 250, windows: 2, tolerance: 0.1, minRequests: 500, maxMs: 1000 },
        idleSessions: 40,
        parkedRequests: 300,
        parkMs: 1500,
        log,
      }
    : {
        rounds: 3,
        roundMs: 1000,
        warmupMs: 500,
        // Windows of 500 ms: the /proc clock ticks at 10 ms, so a busy process's CPU per
        // request is read to ~2%; three of them within 5% after 5,000 requests.
        warmup: { windowMs: 500, windows: 3, tolerance: 0.05, minRequests: 5000, maxMs: 15_000 },
        idleSessions: 300,
        parkedRequests: 2000,
        parkMs: 3000,
        log,
      };
  if (options.rounds) settings.rounds = options.rounds;
  if (options.roundMs) settings.roundMs = options.roundMs;
  if (options.warmupMaxMs !== undefined) settings.warmup.maxMs = options.warmupMaxMs;
  settings.replicas = options.replicas;
  settings.pin = options.pin;
  const started = new Date();
  const loadStart = Math.round(loadavg()[0]! * 100) / 100;
  const tmpDir = mkdtempSync(join(tmpdir(), 'mcp-mux-bench-'));
  const cleanup = (): void => {
    killAllChildren();
    rmSync(tmpDir, { recursive: true, force: true });
  };
  process.on('exit', cleanup);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      log(`interrupted (${signal})`);
      process.exit(130);
    });
  }

  const chosen = select(options)
    .map((s) => (options.quick ? quickVariant(s) : s))
    .map((s) => withCompare(s, options.compare));
  const needsPeers = chosen.some((s) =>
    s.subjects.some((x) => x.kind === 'supergateway' || x.kind === 'mcp-proxy'),
  );
  const peers = needsPeers
    ? await ensurePeers(options.install, log)
    : { scripts: {}, versions: {}, reasons: {} };
  const ctx = {
    tmpDir,
    peers,
    failures: new Map<string, string>(),
    working: new Set<string>(),
    routerNodeArgs: options.profileDir ? ['--cpu-prof', '--cpu-prof-dir', options.profileDir] : [],
  };
  const results: ScenarioResult[] = [];
  log(
    `mcp-mux bench: ${chosen.length} scenarios, ${settings.rounds} × ${settings.roundMs} ms rounds`,
  );
  for (const [i, scenario] of chosen.entries()) {
    const t0 = performance.now();
    log(`[${i + 1}/${chosen.length}] ${scenario.id}: ${scenario.title}`);
    try {
      const result =
        scenario.runner === 'cluster'
          ? await runClusterScenario(scenario, settings)
          : scenario.kind === 'memory-idle' || scenario.kind === 'memory-inflight'
            ? await runMemoryScenario(scenario, ctx, settings)
            : scenario.kind === 'startup'
              ? await runStartupScenario(scenario, ctx, settings)
              : await runLoadScenario(scenario, ctx, settings);
      results.push(result);
    } catch (e) {
      log(`  scenario failed: ${(e as Error).stack ?? e}`);
    }
    log(`  (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  }

  const cpuList = cpus();
  const run: RunResult = {
    startedAt: started.toISOString(),
    router: {
      bin: muxBinPath.startsWith(repoRoot) ? relative(repoRoot, muxBinPath) : muxBinPath,
      commit: routerCommit(),
    },
    finishedAt: new Date().toISOString(),
    mode: options.quick ? 'quick' : 'default',
    machine: {
      cpus: cpuList.length,
      cpuModel: cpuList[0]?.model.trim() ?? 'unknown',
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      platform: `${process.platform} ${process.arch}`,
      loadAverage: [loadStart, Math.round(loadavg()[0]! * 100) / 100],
    },
    settings: {
      rounds: settings.rounds,
      roundMs: settings.roundMs,
      warmupMs: settings.warmupMs,
      warmup: `until CPU/req settles: ${settings.warmup.windows} windows of ${settings.warmup.windowMs} ms within ${settings.warmup.tolerance * 100}% after ${settings.warmup.minRequests} requests, cap ${settings.warmup.maxMs} ms`,
      idleSessions: settings.idleSessions,
      parkedRequests: settings.parkedRequests,
      parkMs: settings.parkMs,
      routerProcesses: options.replicas,
      pinOneInFlight: options.pin === 'off' ? 'off' : `vCPU ${options.pin.cpu}`,
    },
    peers: Object.fromEntries(
      Object.entries(peers.versions).filter(([, v]) => v !== undefined),
    ) as Record<string, string>,
    scenarios: results,
    targets: evaluateTargets(results),
  };
  const file = writeResults(run, options.out, options.readme);
  for (const t of run.targets) {
    log(
      `  ${t.met === null ? 'n/a ' : t.met ? 'MET ' : 'MISS'} ${t.goal}: ${t.measured} (${t.threshold})`,
    );
  }
  log(`results: ${file} (${((Date.now() - started.getTime()) / 1000).toFixed(0)} s)`);
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    log(`bench failed: ${(e as Error).stack ?? e}`);
    process.exit(1);
  },
);
