/**
 * What admission (actors/upstream/admission.ts) costs per request, alone: CPU ns from `admit`
 * to `done`, in interleaved rounds.
 *
 * - `uncontended`: a free slot and nobody waiting (the routed request's usual path): 32 in
 *   flight under `concurrency` 256, each ended synchronously.
 * - `contended`: 256 requests at once in 4 lanes under `concurrency` 8, so most wait in
 *   p-queue (a p-queue task each), drained as p-queue frees slots (in microtasks).
 *
 *   node dist/bench/admission.js [--requests N] [--rounds N]
 */
import { parseArgs } from 'node:util';
import { Admission } from '../actors/upstream/admission.js';
import { realClock } from '../actors/upstream/clock.js';
function admission(concurrency) {
    return new Admission({
        concurrency,
        maxQueue: 4096,
        pushedOut: () => new Error('pushed out'),
        clock: realClock,
    });
}
function cpuNs(started, requests) {
    const used = process.cpuUsage(started);
    return ((used.user + used.system) * 1000) / requests;
}
function uncontended(requests) {
    const queue = admission(256);
    const dones = [];
    let i = 0;
    const task = {
        run: (done) => {
            dones[i & 31] = done;
        },
        fail: () => undefined,
    };
    for (; i < 32; i++)
        queue.admit('s', task, 30_000);
    const started = process.cpuUsage();
    for (; i < requests + 32; i++) {
        dones[i & 31]?.();
        queue.admit('s', task, 30_000);
    }
    return cpuNs(started, requests);
}
async function contended(requests) {
    const queue = admission(8);
    const running = [];
    const task = { run: (done) => void running.push(done), fail: () => undefined };
    const started = process.cpuUsage();
    for (let ended = 0; ended < requests;) {
        for (let k = 0; k < 256; k++)
            queue.admit(`l${k & 3}`, task, 30_000);
        while (queue.running + queue.waiting > 0) {
            const now = running.splice(0);
            for (const done of now)
                done();
            ended += now.length;
            // p-queue hands a freed slot on a few microtasks after the release.
            for (let m = 0; m < 4; m++)
                await null;
        }
    }
    return cpuNs(started, requests);
}
async function main() {
    const { values } = parseArgs({
        options: {
            requests: { type: 'string', default: '200000' },
            rounds: { type: 'string', default: '7' },
        },
    });
    const requests = Number(values.requests);
    uncontended(requests); // warm-up
    await contended(requests);
    const u = [];
    const c = [];
    for (let i = 0; i < Number(values.rounds); i++) {
        u.push(uncontended(requests));
        c.push(await contended(requests));
    }
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const range = (xs) => [Math.round(Math.min(...xs)), Math.round(Math.max(...xs))];
    process.stdout.write(`${JSON.stringify({
        requests,
        uncontendedNsPerRequest: Math.round(median(u)),
        uncontendedRange: range(u),
        contendedNsPerRequest: Math.round(median(c)),
        contendedRange: range(c),
    })}\n`);
}
void main();
//# sourceMappingURL=admission.js.map