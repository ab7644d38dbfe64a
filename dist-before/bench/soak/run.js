/**
 * `npm run soak -- --duration 3m --kill-every 10 --rate auto --out soak.json`: the soak and
 * chaos check (bench/soak/README.md). Starts the built router with a generated config,
 * connects the clients, calibrates, drives a mixed load at half of saturation while killing
 * upstreams and rewriting the config, then checks the ledger, memory and descriptors. Prints
 * a table on stderr, writes the JSON summary with `--out`, exits 1 on any failure.
 */
import { writeFileSync } from 'node:fs';
import { killAllChildren } from '../childRegistry.js';
import { chaosStats, killer, rewriter } from './chaos.js';
import { failures, rssGrowth } from './checks.js';
import { httpClient, LOST_AFTER_MS, modernClient, stdioClient, } from './clients.js';
import { parseSoakFlags } from './flags.js';
import { Ledger } from './ledger.js';
import { calibrate, driveOpenLoop, newLoadStats } from './load.js';
import { fdCount, rssBytes } from './probes.js';
import { printTable } from './report.js';
import { ALICE_TOKEN, createWorkspace, startRouter } from './setup.js';
const SESSIONS_PER_PRINCIPAL = 3;
const CALIBRATION_MS = 6_000;
const SAMPLE_EVERY_MS = 2_000;
const SETTLE_MS = 20_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const say = (text) => process.stderr.write(`soak: ${text}\n`);
/** Polls `/readyz` until it answers 200 (every upstream ready), at most `ms`. */
async function ready(url, ms) {
    const target = new URL('/readyz', url);
    for (const deadline = Date.now() + ms; Date.now() < deadline; await sleep(250)) {
        const response = await fetch(target, {
            headers: { authorization: `Bearer ${ALICE_TOKEN}` },
        }).catch(() => undefined);
        await response?.body?.cancel();
        if (response?.status === 200)
            return true;
    }
    return false;
}
async function main() {
    const flags = parseSoakFlags(process.argv.slice(2));
    const started = Date.now();
    const workspace = createWorkspace();
    const router = await startRouter(workspace.configFile);
    say(`router pid ${router.pid} on ${router.url}`);
    if (!(await ready(router.url, 30_000)))
        throw new Error('upstreams not ready within 30 s');
    await sleep(1_000);
    const idle = { rss: rssBytes(router.pid) ?? 0, fds: fdCount(router.pid) ?? 0 };
    const ledger = new Ledger();
    const clients = [];
    for (let i = 0; i < SESSIONS_PER_PRINCIPAL; i++) {
        clients.push(await httpClient(ledger, router.url, 'alice', i));
        clients.push(await httpClient(ledger, router.url, 'bob', i));
    }
    clients.push(await modernClient(ledger, router.url));
    const stdio = await stdioClient(ledger, workspace.stdioConfigFile);
    clients.push(stdio);
    const saturation = await calibrate(clients, CALIBRATION_MS);
    const rate = flags.rate ?? Math.max(5, Math.round(saturation / 2));
    say(`saturation ${saturation.toFixed(0)} req/s (the mix, closed loop, 32 in flight); load at ${rate} req/s for ${flags.durationMs / 1000} s`);
    const chaos = chaosStats();
    const kill = killer([
        { label: 'http', pid: () => router.pid, upstreams: ['a', 'b', 'ask'] },
        { label: 'stdio', pid: stdio.pid, upstreams: ['a'] },
    ], chaos);
    const rewrite = rewriter(workspace.writeRouterConfig, chaos);
    const samples = [];
    const loadStart = Date.now();
    const warmEndsAt = loadStart + flags.durationMs * 0.2;
    const loadEndsAt = loadStart + flags.durationMs;
    const timers = [
        setInterval(() => {
            const rss = rssBytes(router.pid);
            const fds = fdCount(router.pid);
            if (rss !== undefined && fds !== undefined)
                samples.push({ at: Date.now(), rss, fds });
        }, SAMPLE_EVERY_MS),
        ...(flags.killEveryMs > 0 ? [setInterval(kill, flags.killEveryMs)] : []),
        ...(flags.reloadEveryMs > 0 ? [setInterval(rewrite, flags.reloadEveryMs)] : []),
        setInterval(() => {
            const t = ledger.totals();
            say(`${Math.round((Date.now() - loadStart) / 1000)} s: ${stats.started} calls, ${t.sent} requests on the wire, ${chaos.kills.length} kills, ${chaos.rewrites} rewrites, RSS ${((rssBytes(router.pid) ?? 0) / 1048576).toFixed(1)} MiB`);
        }, 30_000),
    ];
    const stats = newLoadStats();
    await driveOpenLoop(clients, rate, () => Date.now() >= loadEndsAt, stats);
    for (const timer of timers)
        clearInterval(timer);
    const drainedAt = Date.now();
    say(`load done; every call settled ${((drainedAt - loadEndsAt) / 1000).toFixed(1)} s after the end`);
    // Back to the starting config and every upstream up, then the clients leave.
    if (chaos.rewrites % 2 === 1)
        rewrite();
    const upAgain = await ready(router.url, 30_000);
    for (const client of clients)
        await client.close();
    let fdsEnd = fdCount(router.pid) ?? Number.POSITIVE_INFINITY;
    for (const deadline = Date.now() + SETTLE_MS; fdsEnd > idle.fds && Date.now() < deadline;) {
        await sleep(500);
        fdsEnd = fdCount(router.pid) ?? Number.POSITIVE_INFINITY;
    }
    const routerAlive = router.child.exitCode === null && router.child.signalCode === null;
    const lost = ledger.lost(0);
    const rss = rssGrowth(samples, warmEndsAt, loadEndsAt);
    const settled = [...stats.outcomes.values()].reduce((a, b) => a + b, 0);
    const ok = stats.outcomes.get('ok') ?? 0;
    const cancelledCalls = stats.outcomes.get('cancelled') ?? 0;
    const leaks = ledger.leaks();
    const problems = failures({
        lost: lost.length,
        duplicated: ledger.duplicated(),
        leaks: leaks.length,
        rssGrowth: rss.growth,
        fdsIdle: idle.fds,
        fdsEnd,
        okShare: settled - cancelledCalls > 0 ? ok / (settled - cancelledCalls) : 0,
        routerAlive,
        allowedHeardDenied: ledger.heard('alice-http').a ?? 0,
    });
    if (!upAgain)
        say('upstreams were not all ready again after the load (reported, not a failure)');
    const summary = {
        startedAt: new Date(started).toISOString(),
        wallSeconds: 0,
        node: process.version,
        flags,
        calibration: { saturationPerSecond: Math.round(saturation), ratePerSecond: rate },
        requests: {
            calls: stats.started,
            settled,
            ok,
            cancelledBySoak: cancelledCalls,
            shed: stats.shed,
            outcomes: Object.fromEntries([...stats.outcomes].sort((a, b) => b[1] - a[1])),
            byOp: Object.fromEntries(stats.byOp),
            onTheWire: ledger.totals(),
            lostDeadlineMs: LOST_AFTER_MS,
        },
        lost: lost.length,
        failedExchanges: ledger.failedSends(),
        lostSample: lost.slice(0, 10),
        duplicated: ledger.duplicated(),
        leaks: leaks.length,
        leakSample: leaks.slice(0, 10),
        heard: {
            alice: ledger.heard('alice-http'),
            bob: ledger.heard('bob'),
            stdio: ledger.heard('stdio'),
        },
        kills: chaos.kills.length,
        killsByUpstream: countBy(chaos.kills.map((k) => `${k.router}/${k.upstream}`)),
        killMisses: chaos.missed,
        rewrites: chaos.rewrites,
        reloads: router.reloads(),
        rss: {
            idle: idle.rss,
            afterWarmUp: rss.start,
            end: rss.end,
            growth: rss.growth,
            max: Math.max(0, ...samples.map((s) => s.rss)),
        },
        fds: {
            idle: idle.fds,
            duringLoadMax: Math.max(0, ...samples.map((s) => s.fds)),
            afterSettle: fdsEnd,
        },
        samples: samples.map((s) => ({
            t: Math.round((s.at - loadStart) / 1000),
            rssMiB: +(s.rss / 1048576).toFixed(1),
            fds: s.fds,
        })),
        failures: problems,
        pass: problems.length === 0,
    };
    await router.stop();
    workspace.remove();
    summary.wallSeconds = Math.round((Date.now() - started) / 1000);
    if (flags.out)
        writeFileSync(flags.out, `${JSON.stringify(summary, null, 2)}\n`);
    printTable(summary);
    return summary.pass ? 0 : 1;
}
function countBy(keys) {
    const out = {};
    for (const key of keys)
        out[key] = (out[key] ?? 0) + 1;
    return out;
}
process.once('SIGINT', () => {
    killAllChildren();
    process.exit(130);
});
main().then((code) => {
    killAllChildren();
    process.exit(code);
}, (error) => {
    killAllChildren();
    say(`failed: ${error.stack ?? String(error)}`);
    process.exit(1);
});
//# sourceMappingURL=run.js.map