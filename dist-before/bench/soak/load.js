import { SOAK_CANCEL } from './ledger.js';
const pick = (items) => items[Math.floor(Math.random() * items.length)];
const legacyAlice = (c) => c.principal === 'alice' && !c.modern;
const legacyBob = (c) => c.principal === 'bob';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Cancels a 400 ms call after 20–120 ms. */
async function cancelled(client, tool) {
    const controller = new AbortController();
    const call = client.call(tool, { ms: 400 }, { progress: true, signal: controller.signal });
    await sleep(20 + Math.random() * 100);
    controller.abort(SOAK_CANCEL);
    return call;
}
export const OPS = [
    {
        name: 'alice-progress',
        weight: 30,
        who: legacyAlice,
        run: (c) => c.call(`${pick(['a', 'b'])}__sleep`, { ms: pick([0, 0, 50, 150, 250]) }, { progress: true }),
    },
    {
        name: 'bob-progress',
        weight: 20,
        who: legacyBob,
        run: (c) => c.call('b__sleep', { ms: pick([0, 0, 50, 150, 250]) }, { progress: true }),
    },
    {
        name: 'alice-cancel',
        weight: 6,
        who: legacyAlice,
        run: (c) => cancelled(c, `${pick(['a', 'b'])}__sleep`),
    },
    { name: 'bob-cancel', weight: 4, who: legacyBob, run: (c) => cancelled(c, 'b__sleep') },
    {
        name: 'alice-log',
        weight: 8,
        who: legacyAlice,
        run: (c) => c.call(`${pick(['a', 'b'])}__log`, {
            levels: ['info', 'warning'],
            ...(Math.random() < 0.5 ? { afterMs: 10 } : {}),
        }),
    },
    {
        name: 'bob-log',
        weight: 5,
        who: legacyBob,
        run: (c) => c.call('b__log', { levels: ['info'] }),
    },
    {
        name: 'alice-touch',
        weight: 6,
        who: legacyAlice,
        run: (c) => {
            const upstream = pick(['a', 'b']);
            return c.call(`${upstream}__touch`, { uri: `${upstream}://item/${pick([1, 2])}` });
        },
    },
    {
        name: 'bob-touch',
        weight: 3,
        who: legacyBob,
        run: (c) => c.call('b__touch', { uri: 'b://item/1' }),
    },
    {
        name: 'bridged-round',
        weight: 6,
        who: (c) => c.modern,
        run: (c) => c.call('ask__ask_url', {}),
    },
    {
        name: 'modern-call',
        weight: 4,
        who: (c) => c.modern,
        run: (c) => c.call('a__sleep', { ms: 50 }),
    },
    {
        name: 'stdio-progress',
        weight: 8,
        who: (c) => c.principal === 'stdio',
        run: (c) => c.call(`${pick(['a', 'b'])}__sleep`, { ms: pick([0, 50, 150]) }, { progress: true }),
    },
    {
        name: 'stdio-log',
        weight: 2,
        who: (c) => c.principal === 'stdio',
        run: (c) => c.call(`${pick(['a', 'b'])}__log`, { levels: ['info'] }),
    },
];
export function newLoadStats() {
    return { started: 0, settled: 0, shed: 0, outcomes: new Map(), byOp: new Map() };
}
const TOTAL_WEIGHT = OPS.reduce((sum, op) => sum + op.weight, 0);
/** One operation, drawn by weight. */
function drawOp() {
    let draw = Math.random() * TOTAL_WEIGHT;
    for (const op of OPS) {
        draw -= op.weight;
        if (draw < 0)
            return op;
    }
    return OPS[0];
}
/** Runs one operation drawn by weight on a client that may run it. */
function launch(clients, stats, inflight) {
    const op = drawOp();
    const eligible = clients.filter(op.who);
    if (eligible.length === 0)
        return;
    stats.started++;
    const done = op.run(pick(eligible)).then((outcome) => {
        stats.settled++;
        stats.outcomes.set(outcome, (stats.outcomes.get(outcome) ?? 0) + 1);
        const row = stats.byOp.get(op.name) ?? { count: 0, ok: 0 };
        row.count++;
        if (outcome === 'ok')
            row.ok++;
        stats.byOp.set(op.name, row);
        inflight.delete(done);
    });
    inflight.add(done);
}
/**
 * Sends `rate` operations per second (open loop: on a schedule, not when answered) until
 * `stop()` says so; resolves once every operation sent has settled.
 */
export async function driveOpenLoop(clients, rate, stop, stats, maxInflight = 2_000) {
    const inflight = new Set();
    const start = performance.now();
    let sent = 0;
    while (!stop()) {
        const due = Math.floor(((performance.now() - start) / 1000) * rate);
        for (; sent < due; sent++) {
            if (inflight.size >= maxInflight)
                stats.shed++;
            else
                launch(clients, stats, inflight);
        }
        await sleep(10);
    }
    await Promise.all(inflight);
}
/**
 * Saturation of the mix itself: `workers` closed-loop callers, each running operations drawn
 * like the load's, for `ms`; returns completed operations per second. (An instant tool alone
 * overstates it: the mix holds upstream slots and connections with sleeps and cancels.)
 */
export async function calibrate(clients, ms, workers = 32) {
    const deadline = performance.now() + ms;
    let done = 0;
    const worker = async () => {
        while (performance.now() < deadline) {
            const op = drawOp();
            const eligible = clients.filter(op.who);
            if (eligible.length === 0)
                continue;
            await op.run(pick(eligible));
            done++;
        }
    };
    const start = performance.now();
    await Promise.all(Array.from({ length: workers }, () => worker()));
    return done / ((performance.now() - start) / 1000);
}
//# sourceMappingURL=load.js.map