/**
 * What observation costs the router per request, in process (no sockets, no other process):
 * a client `Connection` → `Router` → an echo upstream `Connection`, over memory pairs, with
 * and without the metrics observer, in interleaved rounds. Everything runs on one thread, so
 * the difference of CPU time per request between the two is the observer's own cost.
 *
 *   node dist/bench/observeCost.js [--requests N] [--rounds N] [--in-flight N] [--time-every N]
 *                                  [--control]
 *
 * `observerUsPerRequest` is the median of the per-round differences (on − off), with their
 * quartiles; `--control` adds a second unobserved router (its difference to the first is the
 * machine's noise). `observerAloneNsPerRequest` drives the observer without a router.
 *
 * The process-level `metrics-*` scenarios of `run.ts` measure the same cost from outside.
 */
import { parseArgs } from 'node:util';
import { lastValueFrom, of } from 'rxjs';
import { Router } from '../actors/router/router.js';
import { parseConfig } from '../core/config/config.js';
import { MuxMetrics } from '../core/observe/metrics.js';
import { Connection } from '../core/rpc/connection.js';
import { createMemoryPair } from '../transports/memory.js';
async function setup(observed, timeEvery = 1) {
    const config = parseConfig({
        mcpServers: { e: { command: 'unused' } },
        mcpMux: { concurrency: 256, maxQueue: 4096 },
    });
    const router = new Router(config, {
        openTransport: async () => {
            const [routerEnd, serverEnd] = createMemoryPair();
            new Connection(serverEnd, {
                handlers: {
                    request: (request) => {
                        const params = request.params ?? {};
                        if (request.method === 'initialize') {
                            return of({
                                kind: 'result',
                                result: {
                                    protocolVersion: params.protocolVersion,
                                    capabilities: { tools: {} },
                                    serverInfo: { name: 'echo', version: '1' },
                                },
                            });
                        }
                        if (request.method === 'tools/list') {
                            return of({
                                kind: 'result',
                                result: { tools: [{ name: 'echo', inputSchema: { type: 'object' } }] },
                            });
                        }
                        return of({ kind: 'result', result: { content: [] } });
                    },
                },
            });
            return routerEnd;
        },
        ...(observed ? { observer: new MuxMetrics({ processMetrics: false, timeEvery }) } : {}),
    });
    await router.start();
    const [clientEnd, routerEnd] = createMemoryPair();
    router.connect(routerEnd, 'memory');
    const client = new Connection(clientEnd, {});
    await lastValueFrom(client.request$('initialize', {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'bench', version: '1' },
    }));
    client.notify('notifications/initialized');
    return { router, client };
}
async function round(client, requests, inFlight) {
    const params = { name: 'e__echo', arguments: { text: 'x'.repeat(100) } };
    let sent = 0;
    const started = process.cpuUsage();
    const worker = async () => {
        while (sent < requests) {
            sent++;
            await lastValueFrom(client.request$('tools/call', params));
        }
    };
    await Promise.all(Array.from({ length: inFlight }, worker));
    const used = process.cpuUsage(started);
    return (used.user + used.system) / requests; // µs per request
}
/**
 * The observer alone, driven as the router drives it (routed, admitted, sent, answered, ended
 * ok): CPU ns per request. Not disturbed by the rest of a request's work, so it resolves
 * differences the A/B above cannot on a shared machine.
 */
function observerAlone(timeEvery, count = 1_000_000) {
    const metrics = new MuxMetrics({ processMetrics: false, timeEvery });
    const params = { name: 'echo', arguments: {} };
    const ticket = { waitedMs: 0 };
    const run = (n) => {
        const started = process.cpuUsage();
        for (let i = 0; i < n; i++) {
            const watch = metrics.request('e', 'tools/call', 'echo', params);
            watch.admitted(ticket);
            watch.sent();
            watch.answered();
            watch.end('ok');
        }
        const used = process.cpuUsage(started);
        return ((used.user + used.system) * 1000) / n;
    };
    run(count / 5); // warm-up
    return median(Array.from({ length: 5 }, () => run(count)));
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const quartiles = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return [s[Math.floor(s.length / 4)] ?? 0, s[Math.floor((3 * s.length) / 4)] ?? 0];
};
const round2 = (x) => Number(x.toFixed(2));
async function main() {
    const { values } = parseArgs({
        options: {
            requests: { type: 'string', default: '5000' },
            rounds: { type: 'string', default: '31' },
            'in-flight': { type: 'string', default: '32' },
            'time-every': { type: 'string', default: '1' },
            control: { type: 'boolean', default: false },
        },
    });
    const requests = Number(values.requests);
    const inFlight = Number(values['in-flight']);
    const timeEvery = Number(values['time-every']);
    // off, on and (--control) a second unobserved router: the A/A difference is the noise floor.
    const subjects = [await setup(false), await setup(true, timeEvery)];
    if (values.control)
        subjects.push(await setup(false));
    for (const s of subjects)
        await round(s.client, requests * 2, inFlight); // warm-up
    const cpu = subjects.map(() => []);
    for (let i = 0; i < Number(values.rounds); i++) {
        // Interleaved, and the order turns each round: none always runs first or last.
        for (let k = 0; k < subjects.length; k++) {
            const at = (i + k) % subjects.length;
            const subject = subjects[at];
            if (subject)
                cpu[at]?.push(await round(subject.client, requests, inFlight));
        }
    }
    const [offs = [], ons = [], controls] = cpu;
    // Paired by round: the difference of the same round is less disturbed by the machine's load.
    const diffs = ons.map((on, i) => on - (offs[i] ?? 0));
    const a = median(offs);
    const b = median(ons);
    const [q1 = 0, q3 = 0] = quartiles(diffs);
    process.stdout.write(`${JSON.stringify({
        requests,
        rounds: offs.length,
        inFlight,
        timeEvery,
        offCpuUsPerRequest: round2(a),
        onCpuUsPerRequest: round2(b),
        observerUsPerRequest: round2(median(diffs)),
        observerUsIqr: [round2(q1), round2(q3)],
        ...(controls
            ? { controlUsPerRequest: round2(median(controls.map((c, i) => c - (offs[i] ?? 0)))) }
            : {}),
        throughputRatio: Number((a / b).toFixed(3)),
        observerAloneNsPerRequest: Math.round(observerAlone(timeEvery)),
    })}\n`);
    await Promise.all(subjects.map((s) => s.router.close()));
}
void main();
//# sourceMappingURL=observeCost.js.map